// exceljs (about 20 MB once loaded), loaded by the first workbook a process writes or reads: most
// processes never do (a worker exporting CSV, the login server), decision 0054.
type ExcelJS = typeof import('exceljs');

let loading: Promise<ExcelJS> | undefined;

export function exceljs(): Promise<ExcelJS> {
  return (loading ??= import('exceljs').then((m) => m.default));
}
