// The documents of an assignment's messages (ASG-18 to ASG-25, ASG-27, AMB-63, AMB-65, decision
// 0018): upload, list and download; field validation; size and type limits enforced while the body
// streams; malformed bodies; access and visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { as, testApp, type TestContext } from '../../../test/helpers.ts';
import { multipart, type FilePart } from '../../../test/multipart.ts';
import { issueCredential } from '../../platform/auth/tokens.ts';
import { seedMessage, type Place } from '../assignments/assignment.fixtures.ts';
import { seedAssignment, type SeededAssignment } from '../assignment-accruals/assignment-accrual.fixtures.ts';
import { pdfFile } from '../resumes/resume.fixtures.ts';
import { documentTypes } from './assignment-message.table.ts';
import { assignmentMessageLinks } from '../messages/message.table.ts';
import { EXE, PNG, xlsFile } from './message-document.fixtures.ts';

let t: TestContext;
let north: Place;
let assignment: SeededAssignment;
let messageId: number;
let i9: number;
let port: number;
const MAX = 10 * 1024 * 1024;

async function typeId(tenantId: number, name: string): Promise<number> {
  const [row] = await t.database.db.select({ id: documentTypes.id }).from(documentTypes).where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.name, name)));
  if (!row) throw new Error(`no document type ${name}`);
  return row.id;
}

beforeAll(async () => {
  t = await testApp();
  north = { tenantId: t.tenant.tenantId, ...t.tenant.north };
  assignment = await seedAssignment(t.database.db, north, { startDate: new Date('2026-01-05T00:00:00Z') });
  messageId = await seedMessage(t.database.db, t.tenant.tenantId, 'employee', assignment.employeeId);
  i9 = await typeId(t.tenant.tenantId, 'I-9');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => { await t?.close(); });

const base = (m = messageId, a = assignment.assignmentId) => `/Assignments/${a}/messages/${m}/documents`;
const file = (bytes: Buffer, type = 'application/octet-stream', fileName = 'scan.pdf'): FilePart => ({ name: 'File', fileName, type, bytes });

async function upload(fields: Record<string, string>, files: FilePart[] = [], token = t.tenant.northToken, url = base()) {
  const { payload, headers } = await multipart(fields, files);
  return as(t.app, token)({ method: 'POST', url, payload, headers });
}

/** Writes a raw HTTP request (the body possibly unfinished) and resolves with the response's status line, once the head has arrived. */
function rawRequest(head: string[], body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(received.split('\r\n')[0] ?? '');
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.write(`${head.join('\r\n')}\r\n\r\n`);
    socket.write(body);
  });
}

const partHead = (boundary: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="DocumentName"\r\n\r\nTimesheet\r\n`
  + `--${boundary}\r\nContent-Disposition: form-data; name="DocumentTypeId"\r\n\r\n${i9}\r\n`
  + `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="big.txt"\r\nContent-Type: application/octet-stream\r\n\r\n`);

describe('POST /Assignments/{assignmentId}/messages/{messageId}/documents', () => {
  it('ASG-19 ASG-20 ASG-24 ASG-25 ASG-27 ASG-28 AMB-63: 201 with the documentId and its download as Location; the download gives the bytes back with the detected type and the name', async () => {
    const pdf = await pdfFile([['Employment Eligibility Verification']]);
    const res = await upload({ DocumentName: 'I-9 Ann', DocumentTypeId: String(i9), Description: 'Section 2 done', ExpirationDate: '2028-06-30T00:00:00Z', Version: '2' },
      [file(pdf, 'application/pdf', 'C:\\scans\\I-9 Ann é.pdf')]);
    expect(res.statusCode, res.body).toBe(201);
    const { documentId } = res.json<{ documentId: number }>();
    expect(res.json()).toEqual({ documentId });
    expect(res.headers.location).toBe(`${base()}/${documentId}`);

    const download = await as(t.app, t.tenant.northToken)({ method: 'GET', url: `${base()}/${documentId}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="I-9 Ann _.pdf"; filename*=UTF-8\'\'I-9%20Ann%20%C3%A9.pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const list = await as(t.app, t.tenant.northToken)({ method: 'GET', url: base() });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((d: { documentId: number }) => d.documentId === documentId)).toEqual({
      documentId, assignmentId: assignment.assignmentId, messageId, documentName: 'I-9 Ann', documentTypeId: i9, documentType: 'I-9',
      description: 'Section 2 done', expirationDate: '2028-06-30T00:00:00.000Z', version: '2', hasFile: true, fileName: 'I-9 Ann é.pdf',
      contentType: 'application/pdf', size: pdf.length, createdByServiceRepId: t.tenant.north.repId, dateCreated: expect.any(String),
    });
    // Uploading linked the message to the assignment.
    const links = await t.database.db.select().from(assignmentMessageLinks).where(and(eq(assignmentMessageLinks.tenantId, t.tenant.tenantId), eq(assignmentMessageLinks.messageId, messageId)));
    expect(links.map((l) => l.assignmentId)).toEqual([assignment.assignmentId]);
    // A new link is a change to the assignment's message list (decision 0035): its .updated event.
    const { rows } = await t.database.pool.query(`select data->'changedFields' as changed from events where tenant_id = $1 and type = 'assignment.updated' and record_id = $2`,
      [t.tenant.tenantId, assignment.assignmentId]);
    expect(rows.map((r) => r.changed)).toContainEqual(['messages']);
  });

  it('ASG-20 AMB-65: a document without a file is recorded (201); its download is 404; an empty file input counts as none', async () => {
    const res = await upload({ documentname: 'W-4 on paper', documenttypeid: String(await typeId(t.tenant.tenantId, 'W-4')) });
    expect(res.statusCode, res.body).toBe(201);
    const { documentId } = res.json<{ documentId: number }>();
    const item = (await as(t.app, t.tenant.adminToken)({ method: 'GET', url: base() })).json().data.find((d: { documentId: number }) => d.documentId === documentId);
    expect(item).toMatchObject({ documentName: 'W-4 on paper', hasFile: false, fileName: null, contentType: null, size: null, description: null, expirationDate: null, version: null });
    expect((await as(t.app, t.tenant.adminToken)({ method: 'GET', url: `${base()}/${documentId}` })).json()).toMatchObject({ status: 404 });
    // A browser's empty file input: a part with no file name and no bytes.
    expect((await upload({ DocumentName: 'No file', DocumentTypeId: String(i9) }, [file(Buffer.alloc(0), 'application/octet-stream', '')])).statusCode).toBe(201);
    expect((await upload({ DocumentName: 'Empty', DocumentTypeId: String(i9) }, [file(Buffer.alloc(0), 'text/plain', 'empty.txt')])).json()).toMatchObject({ status: 400, errors: { File: ['is empty'] } });
  });

  it('ASG-21 ASG-22 ASG-23 ASG-24 ASG-25: bad fields are a 400 naming each', async () => {
    const otherTenantType = await typeId(t.other.tenantId, 'I-9');
    const cases: [Record<string, string>, string][] = [
      [{ DocumentTypeId: String(i9) }, 'DocumentName'], [{ DocumentName: 'x'.repeat(256), DocumentTypeId: String(i9) }, 'DocumentName'],
      [{ DocumentName: 'x' }, 'DocumentTypeId'], [{ DocumentName: 'x', DocumentTypeId: 'I-9' }, 'DocumentTypeId'],
      [{ DocumentName: 'x', DocumentTypeId: '2147483648' }, 'DocumentTypeId'], [{ DocumentName: 'x', DocumentTypeId: '999999' }, 'DocumentTypeId'],
      [{ DocumentName: 'x', DocumentTypeId: String(otherTenantType) }, 'DocumentTypeId'],
      [{ DocumentName: 'x', DocumentTypeId: String(i9), Description: 'd'.repeat(256) }, 'Description'],
      [{ DocumentName: 'x', DocumentTypeId: String(i9), ExpirationDate: 'next year' }, 'ExpirationDate'],
      [{ DocumentName: 'x', DocumentTypeId: String(i9), ExpirationDate: '2027-02-30T00:00:00Z' }, 'ExpirationDate'],
      [{ DocumentName: 'x', DocumentTypeId: String(i9), Version: 'v'.repeat(51) }, 'Version'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(fields);
      expect(res.json(), JSON.stringify(fields).slice(0, 80)).toMatchObject({ status: 400, errors: { [field]: expect.any(Array) } });
    }
    const both = await upload({ Description: 'd'.repeat(256) });
    expect(Object.keys(both.json().errors).sort()).toEqual(['Description', 'DocumentName', 'DocumentTypeId']);
    expect((await upload({ DocumentName: 'x', DocumentTypeId: String(i9), Description: 'd'.repeat(255), Version: 'v'.repeat(50) })).statusCode).toBe(201);
    expect((await upload({ DocumentName: 'x', DocumentTypeId: String(i9) }, [{ ...file(PNG), name: 'attachment' }])).json()).toMatchObject({ status: 400, errors: { attachment: expect.any(Array) } });
  });

  it('415 when the content is of no accepted kind, or of another kind than declared; the stored type is the detected one', async () => {
    const fields = { DocumentName: 'x', DocumentTypeId: String(i9) };
    expect((await upload(fields, [file(EXE, 'application/octet-stream', 'setup.pdf')])).json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await upload(fields, [file(EXE, 'application/x-msdownload', 'setup.exe')])).statusCode).toBe(415);
    expect((await upload(fields, [file(PNG, 'application/pdf', 'photo.pdf')])).json()).toMatchObject({ status: 415, detail: expect.stringContaining('image/png') });
    const xls = await upload(fields, [file(xlsFile(), 'application/octet-stream', 'hours.xls')]);
    expect(xls.statusCode).toBe(201);
    const csv = await upload(fields, [file(Buffer.from('day,hours\nMon,8\n'), 'text/csv', 'hours.csv')]);
    const download = await as(t.app, t.tenant.northToken)({ method: 'GET', url: `${base()}/${csv.json().documentId}` });
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.body).toBe('day,hours\nMon,8\n');
    const notMultipart = await as(t.app, t.tenant.northToken)({ method: 'POST', url: base(), payload: fields });
    expect(notMultipart.json()).toMatchObject({ status: 415 });
  });

  it('413 for a file over the limit (10 MiB): while streaming, and at once for a Content-Length that cannot fit', async () => {
    const fields = { DocumentName: 'x', DocumentTypeId: String(i9) };
    const big = Buffer.alloc(MAX + 1, 'a');
    const tooBig = await upload(fields, [file(big, 'text/plain', 'big.txt')]);
    expect(tooBig.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    // The rest of a refused upload is not waited for.
    expect(tooBig.headers.connection).toBe('close');
    expect((await upload(fields, [file(big.subarray(0, MAX), 'text/plain', 'max.txt')])).statusCode).toBe(201);

    const boundary = 'b0undary';
    const head = (length: string[]) => [`POST ${base()} HTTP/1.1`, 'Host: api.test', `x-tw-token: ${t.tenant.northToken.token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`, ...length];
    // Announced 200 MB, a few hundred bytes sent: answered without waiting for the rest.
    expect(await rawRequest(head(['Content-Length: 200000000']), partHead(boundary))).toBe('HTTP/1.1 413 Payload Too Large');
    // Chunked, no Content-Length: refused once the file passes the limit, the body never finished.
    const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
    const body = Buffer.concat([chunk(partHead(boundary)), ...Array.from({ length: 11 }, () => chunk(Buffer.alloc(1024 * 1024, 'a')))]);
    expect(await rawRequest(head(['Transfer-Encoding: chunked']), body)).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('415 from the file\'s first bytes, before the rest of the body is sent', async () => {
    const boundary = 'b0undary';
    const status = await rawRequest([`POST ${base()} HTTP/1.1`, 'Host: api.test', `x-tw-token: ${t.tenant.northToken.token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`, 'Content-Length: 5000000'], Buffer.concat([partHead(boundary), EXE]));
    expect(status).toBe('HTTP/1.1 415 Unsupported Media Type');
  });

  it('a malformed multipart body is a 400, not a 500: unclosed, another boundary, no boundary', async () => {
    const post = (contentType: string, payload: string) => as(t.app, t.tenant.northToken)({ method: 'POST', url: base(), payload, headers: { 'content-type': contentType } });
    const part = (b: string) => `--${b}\r\nContent-Disposition: form-data; name="DocumentName"\r\n\r\nx\r\n--${b}\r\nContent-Disposition: form-data; name="File"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=abc', part('abc')],
      ['multipart/form-data; boundary=xyz', `${part('abc')}\r\n--abc--\r\n`],
      ['multipart/form-data', `${part('abc')}\r\n--abc--\r\n`],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data\r\n\r\nx\r\n--abc--\r\n'],
    ];
    for (const [contentType, payload] of bodies) {
      const res = await post(contentType, payload);
      expect(res.statusCode, `${contentType} ${res.body}`).toBe(400);
    }
  });

  it('ASG-18: uploading needs assignment-write (assignment-read is 403); the list and the download take either', async () => {
    const token = async (scopes: string[]) => issueCredential(t.database.db, {
      tenantId: t.tenant.tenantId, serviceRepId: t.tenant.adminRepId, kind: 'personal', name: scopes.join(), scopes, expiresAt: new Date(Date.now() + 60_000),
    });
    const reader = await token(['assignment-read']), writer = await token(['assignment-write']);
    const fields = { DocumentName: 'Letter', DocumentTypeId: String(i9) };
    expect((await upload(fields, [], reader)).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
    const created = await upload(fields, [file(PNG, 'image/png', 'letter.png')], writer);
    expect(created.statusCode).toBe(201);
    for (const credential of [reader, writer]) {
      expect((await as(t.app, credential)({ method: 'GET', url: base() })).statusCode).toBe(200);
      expect((await as(t.app, credential)({ method: 'GET', url: `${base()}/${created.json().documentId}` })).statusCode).toBe(200);
    }
    const neither = await token(['employee-read', 'employee-write']);
    expect((await as(t.app, neither)({ method: 'GET', url: base() })).json()).toMatchObject({ status: 403, code: 'SCOPE_MISSING' });
  });

  it('404 for another branch or tenant, a message the assignment may not take, or a document of another message; ids are Int64', async () => {
    const fields = { DocumentName: 'x', DocumentTypeId: String(i9) };
    const created = (await upload(fields, [file(PNG, 'image/png', 'a.png')])).json<{ documentId: number }>().documentId;
    for (const token of [t.tenant.southToken, t.other.adminToken]) {
      expect((await upload(fields, [], token)).statusCode).toBe(404);
      expect((await as(t.app, token)({ method: 'GET', url: base() })).statusCode).toBe(404);
      expect((await as(t.app, token)({ method: 'GET', url: `${base()}/${created}` })).statusCode).toBe(404);
    }
    const unrelated = await seedMessage(t.database.db, t.tenant.tenantId, 'customer', 999999);
    expect((await upload(fields, [], t.tenant.northToken, base(unrelated))).json()).toMatchObject({ status: 404, detail: expect.stringContaining('message') });
    const sibling = await seedMessage(t.database.db, t.tenant.tenantId, 'assignment', assignment.assignmentId);
    expect((await as(t.app, t.tenant.northToken)({ method: 'GET', url: `${base(sibling)}/${created}` })).statusCode).toBe(404);
    expect((await as(t.app, t.tenant.northToken)({ method: 'GET', url: base(sibling) })).json()).toEqual({ data: [], totalCount: 0 });
    expect((await as(t.app, t.tenant.northToken)({ method: 'GET', url: `${base()}/abc` })).json()).toMatchObject({ status: 400, errors: { documentId: expect.any(Array) } });
  });

  it('GET /Datalists/DocumentTypes lists the tenant\'s document types', async () => {
    const res = await as(t.app, t.tenant.northToken)({ method: 'GET', url: '/Datalists/DocumentTypes' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { documentType: string }) => d.documentType)).toEqual(expect.arrayContaining(['I-9', 'W-4', 'Timesheet', 'Other']));
    expect(res.json().data[0]).toEqual({ documentTypeId: expect.any(Number), documentType: expect.any(String) });
  });
});

describe('events (docs/events.md)', () => {
  interface Event { type: string; record: { type: string; id: number; location: string }; changedFields?: string[] }
  const feed = async (token: typeof t.tenant.adminToken, after: number): Promise<{ data: Event[]; next: number }> => {
    const res = await as(t.app, token)({ method: 'GET', url: `/Events?after=${after}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The admin's last sequence now (the feed pages by 1000). */
  const cursor = async () => {
    for (let after = 0; ;) {
      const page = await feed(t.tenant.adminToken, after);
      if (!page.data.length) return after;
      after = page.next;
    }
  };
  const since = async (after: number, token = t.tenant.adminToken) =>
    (await feed(token, after)).data.map(({ type, record, changedFields }) => ({ type, record, changedFields }));

  it('GEN-16 ASG-19: an upload is its assignmentMessageDocument.created (the first also links the message: the assignment\'s .updated); a refused one leaves none', async () => {
    const fresh = await seedMessage(t.database.db, t.tenant.tenantId, 'employee', assignment.employeeId);
    const fields = { DocumentName: 'Evented', DocumentTypeId: String(i9) };
    const after = await cursor();
    expect((await upload({ DocumentName: 'No type' }, [], t.tenant.northToken, base(fresh))).statusCode).toBe(400);
    expect((await upload(fields, [file(EXE, 'application/octet-stream', 'setup.pdf')], t.tenant.northToken, base(fresh))).statusCode).toBe(415);
    expect((await upload(fields, [], t.tenant.southToken, base(fresh))).statusCode).toBe(404);
    expect(await since(after), 'refused uploads').toEqual([]);
    const first = (await upload(fields, [file(PNG, 'image/png', 'a.png')], t.tenant.northToken, base(fresh))).json<{ documentId: number }>().documentId;
    const second = (await upload(fields, [], t.tenant.northToken, base(fresh))).json<{ documentId: number }>().documentId;
    const created = (documentId: number) => ({ type: 'assignmentMessageDocument.created',
      record: { type: 'AssignmentMessageDocument', id: documentId, location: `${base(fresh)}/${documentId}` } });
    const linked = { type: 'assignment.updated', changedFields: ['messages'],
      record: { type: 'Assignment', id: assignment.assignmentId, location: `/Assignments/${assignment.assignmentId}` } };
    expect(await since(after)).toEqual([linked, created(first), created(second)]);
    expect(await since(after, t.tenant.northToken)).toEqual([linked, created(first), created(second)]);
    expect(await since(after, t.tenant.southToken), 'another branch does not see the assignment').toEqual([]);
  });
});
