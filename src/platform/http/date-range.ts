// The instants the service stores: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the range of .NET's
// DateTime that ASP.NET clients send. PostgreSQL has no year 0, so a year-0000 instant (or one an
// offset moves there) would fail in the query; it is refused as input instead (400 naming the field).
export const DATE_RANGE = 'between 0001-01-01 and 9999-12-31 (UTC)';

export function isInDateRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999;
}
