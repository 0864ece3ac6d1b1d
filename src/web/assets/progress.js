/* global document, window */
// A batch job's page: polls the job's progress (JSON) and updates the bar and the counts until the
// job is Completed, then reloads once so the failed items and final times show. Without this script
// the page shows the state when it was loaded and a refresh link.
(function () {
  'use strict';
  var live = document.getElementById('job-live');
  if (!live || live.getAttribute('data-status') === 'Completed') return;
  var url = live.getAttribute('data-progress');
  var set = function (id, text) { var el = document.getElementById(id); if (el) el.textContent = String(text); };
  var lastText = '';
  function show(p) {
    var bar = document.getElementById('job-progress');
    if (bar) { bar.max = Math.max(p.total, 1); bar.value = p.done; bar.textContent = p.progressText; }
    if (p.progressText !== lastText) { set('job-progress-text', p.progressText); lastText = p.progressText; }
    set('job-status', p.statusLabel);
    set('count-new', p.newItems);
    set('count-processing', p.processingItems);
    set('count-completed', p.completedItems);
    set('count-failed', p.failedItems);
  }
  function poll() {
    fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' })
      .then(function (response) {
        var type = response.headers.get('content-type') || '';
        if (!response.ok || type.indexOf('application/json') !== 0) throw new Error('stopped');
        return response.json();
      })
      .then(function (p) {
        show(p);
        if (p.status === 'Completed') window.location.reload();
        else window.setTimeout(poll, 1000);
      })
      .catch(function () { /* signed out or gone: the refresh link still works */ });
  }
  window.setTimeout(poll, 500);
}());
