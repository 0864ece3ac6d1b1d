// Sniffing uploaded documents (decision 0018): each accepted kind is recognised from its bytes,
// Word and Excel compound files told apart, text is UTF-8 without NUL, and a declared type naming
// other content is refused.
import { describe, expect, it } from 'vitest';
import CFB from 'cfb';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { docFile, docxFile, pdfFile, rtfFile } from '../resumes/resume.fixtures.ts';
import { checkDocumentHead, documentMediaType, isText } from './message-document.content.ts';
import { cleanFileName } from './message-document.form.ts';
import { EXE, PNG, xlsFile } from './message-document.fixtures.ts';
import { contentDisposition } from './message-document.routes.ts';

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1');
const TIFF = Buffer.concat([Buffer.from('49492a0008000000', 'hex'), Buffer.alloc(16)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(16)]);

async function xlsxFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Hours').addRow(['Mon', 8]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const content = { pages: [['Signed assignment letter']], header: [] };

describe('documentMediaType', () => {
  it('recognises every accepted kind from its bytes, whatever is declared as octet-stream', async () => {
    const files: [string, Buffer][] = [
      ['application/pdf', await pdfFile([['Timesheet']])], ['image/png', PNG], ['image/jpeg', JPEG], ['image/gif', GIF], ['image/tiff', TIFF], ['image/webp', WEBP],
      ['application/msword', docFile(content)], ['application/vnd.ms-excel', xlsFile()],
      ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', await docxFile(content)],
      ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', await xlsxFile()],
      ['application/rtf', rtfFile(['Hello'])], ['text/plain', Buffer.from('Hours: 40\nRate: 18.50 €\n')],
    ];
    for (const [type, bytes] of files) {
      expect(await documentMediaType(bytes, 'application/octet-stream'), type).toBe(type);
      expect(await documentMediaType(bytes, type), type).toBe(type);
      await expect(checkDocumentHead(bytes.subarray(0, 4100)), type).resolves.toBeUndefined();
    }
  });

  it('text declared as CSV is stored as CSV; declared aliases (image/jpg, text/rtf) agree with their kind', async () => {
    expect(await documentMediaType(Buffer.from('day,hours\nMon,8\n'), 'text/csv')).toBe('text/csv');
    expect(await documentMediaType(Buffer.from('day,hours\n'), '')).toBe('text/plain');
    expect(await documentMediaType(JPEG, 'image/jpg')).toBe('image/jpeg');
    expect(await documentMediaType(rtfFile(['x']), 'text/rtf')).toBe('application/rtf');
  });

  it('refuses content of other kinds (415): executables, plain zips, compound files that are neither Word nor Excel, invalid UTF-8, text with NUL', async () => {
    const other = CFB.utils.cfb_new();
    CFB.utils.cfb_add(other, '/Something', Buffer.alloc(64, 2));
    for (const bytes of [EXE, Buffer.from(zipSync({ 'a.txt': new Uint8Array([65]) })), Buffer.from(CFB.write(other, { type: 'buffer' })),
      Buffer.from([0x48, 0x69, 0xff, 0xfe, 0x41]), Buffer.from('Hi\u0000there')]) {
      await expect(documentMediaType(bytes, 'application/octet-stream')).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    await expect(checkDocumentHead(EXE.subarray(0, 4100))).rejects.toMatchObject({ status: 415 });
  });

  it('refuses a declared type that names other content (415)', async () => {
    await expect(documentMediaType(PNG, 'application/pdf')).rejects.toMatchObject({ status: 415, message: expect.stringContaining('declared as application/pdf but its content is image/png') });
    await expect(documentMediaType(docFile(content), 'application/vnd.ms-excel')).rejects.toMatchObject({ status: 415 });
    await expect(documentMediaType(Buffer.from('plain'), 'image/png')).rejects.toMatchObject({ status: 415 });
  });

  it('text: a multi-byte character cut at the end of the first bytes is still text; a broken one is not', () => {
    const euro = Buffer.from('€');
    expect(isText(euro.subarray(0, 2), true)).toBe(true);
    expect(isText(euro.subarray(0, 2))).toBe(false);
  });
});

describe('file names', () => {
  it('keeps the last path segment without control characters, and serves it by RFC 6266', () => {
    expect(cleanFileName('C:\\Users\\ann\\I-9 form.pdf')).toBe('I-9 form.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect(cleanFileName('')).toBe('document');
    expect(contentDisposition('Lettre signée "final".pdf')).toBe('attachment; filename="Lettre sign_e _final_.pdf"; filename*=UTF-8\'\'Lettre%20sign%C3%A9e%20%22final%22.pdf');
  });
});
