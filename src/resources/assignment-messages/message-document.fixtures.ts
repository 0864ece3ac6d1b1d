// Test fixtures: small files of the kinds the document upload sniffs.
import CFB from 'cfb';

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** A Windows executable's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(5000)]);

/** An Excel 97 compound file: a `Workbook` stream. */
export function xlsFile(): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/Workbook', Buffer.alloc(512, 1));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }));
}
