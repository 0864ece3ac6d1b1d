/* global document, window */
// The resume upload page: files dropped on the zone (or chosen) are sent with the form's fields to
// the same address the plain form posts to, asking for JSON, with the form token in the `csrf-token`
// header; each file's result is listed, and when every file was taken the browser goes on to the
// import job's page. Without this script the form posts as it is.
(function () {
  'use strict';
  var form = document.getElementById('upload-form');
  var zone = document.getElementById('dropzone');
  var input = document.getElementById('resume-files');
  var chosenText = document.getElementById('chosen-files');
  var progress = document.getElementById('upload-progress');
  if (!form || !zone || !input || !window.fetch || !window.FormData) return;
  var data = function (name) { return form.getAttribute('data-' + name) || ''; };
  var say = function (text, values) { return text.replace(/\{(\w+)\}/g, function (_, k) { return values[k] === undefined ? '' : String(values[k]); }); };
  var dropped = null;

  function files() { return dropped || Array.prototype.slice.call(input.files || []); }
  function showChosen() {
    var list = files();
    chosenText.textContent = list.length ? say(data('chosen'), { count: list.length }) + ': ' + list.map(function (f) { return f.name; }).join(', ') : '';
  }
  function message(text, bad) {
    progress.textContent = '';
    var p = document.createElement('p');
    p.className = 'notice ' + (bad ? 'error' : 'ok');
    p.textContent = text;
    progress.appendChild(p);
  }

  zone.classList.add('enhanced');
  ['dragenter', 'dragover'].forEach(function (type) {
    zone.addEventListener(type, function (event) { event.preventDefault(); zone.classList.add('over'); });
  });
  ['dragleave', 'drop'].forEach(function (type) {
    zone.addEventListener(type, function (event) { event.preventDefault(); zone.classList.remove('over'); });
  });
  zone.addEventListener('drop', function (event) {
    var list = event.dataTransfer && event.dataTransfer.files ? Array.prototype.slice.call(event.dataTransfer.files) : [];
    if (!list.length) return;
    dropped = list;
    input.required = false;
    showChosen();
  });
  input.addEventListener('change', function () { dropped = null; showChosen(); });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var list = files();
    var max = Number(data('max-files')) || 20;
    if (!list.length) { message(data('no-files'), true); input.focus(); return; }
    if (list.length > max) { message(data('too-many'), true); return; }
    var body = new FormData();
    var token = form.querySelector('input[name="_csrf"]').value;
    body.append('_csrf', token);
    if (form.querySelector('#skip-interest-codes').checked) body.append('skipInterestCodes', 'true');
    list.forEach(function (file) { body.append('resume', file, file.name); });
    var button = document.getElementById('upload-button');
    button.disabled = true;
    message(say(data('uploading'), { done: 0, total: list.length }), false);
    fetch(form.action, { method: 'POST', body: body, credentials: 'same-origin', headers: { accept: 'application/json', 'csrf-token': token } })
      .then(function (response) {
        var type = response.headers.get('content-type') || '';
        if (type.indexOf('application/json') !== 0) throw new Error(response.status === 403 ? data('expired') : data('failed'));
        return response.json();
      })
      .then(function (answer) {
        button.disabled = false;
        if (answer.error) { message(answer.error, true); return; }
        var failed = answer.files.filter(function (f) { return !f.ok; });
        if (!failed.length && answer.jobUrl) { window.location.assign(answer.jobUrl); return; }
        progress.textContent = '';
        var heading = document.createElement('h2');
        heading.textContent = data('results');
        var ul = document.createElement('ul');
        ul.className = 'file-results';
        answer.files.forEach(function (f) {
          var li = document.createElement('li');
          li.className = f.ok ? 'ok' : 'bad';
          var name = document.createElement('strong');
          name.textContent = f.name;
          li.appendChild(name);
          li.appendChild(document.createTextNode(': ' + f.message));
          ul.appendChild(li);
        });
        progress.appendChild(heading);
        progress.appendChild(ul);
        if (answer.jobUrl && failed.length < answer.files.length) {
          var link = document.createElement('a');
          link.className = 'button';
          link.href = answer.jobUrl;
          link.textContent = data('watch');
          progress.appendChild(link);
        }
      })
      .catch(function (error) { button.disabled = false; message(error.message || data('failed'), true); });
  });
}());
