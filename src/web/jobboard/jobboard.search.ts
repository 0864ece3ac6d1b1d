// The search page's form → the API's job board search (GET /Search/JobBoard's query, checked by its
// own schema) and its errors in the visitor's words. The search itself is the job board module's
// (resources/job-board/job-board.ts), answered and cached as the API route's.
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../../platform/http/errors.ts';
import { DISTANCE_UNITS, JobBoardSearchQuery, SORT_BY, type JobBoardSearch } from '../../resources/job-board/job-board-search.schemas.ts';
import type { JobBoardSettings } from '../../resources/reference-data/job-board.settings.ts';
import { say, type Messages } from '../../platform/messages/index.ts';

/** Results on one page. */
export const PAGE_SIZE = 20;
/** Longer values than any field takes are refused by the route's schema (a 400 page); shorter ones get a message by the field. */
const RAW_MAX = 10_000;

const raw = Type.Optional(Type.String({ maxLength: RAW_MAX }));
/** The search page's query: every field a string, checked by `readSearchForm` so each error shows by its field. */
export const SearchPageQuery = Type.Object({
  textSearch: raw, countryCode: raw, postalCode: raw, municipality: raw, region: raw,
  distance: raw, distanceUnitId: raw, sortBy: raw, page: raw, lang: raw,
});
export type SearchPageInput = Static<typeof SearchPageQuery>;

/** The form's fields as the visitor typed them (shown back in the form). */
export const FORM_FIELDS = ['textSearch', 'countryCode', 'postalCode', 'municipality', 'region', 'distance', 'distanceUnitId', 'sortBy'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Record<FormField, string>;
const LOCATION_FIELDS: readonly FormField[] = ['postalCode', 'municipality', 'region', 'distance', 'distanceUnitId'];
/** The fields that name a place: with any of them, the search is by location. */
const PLACE_FIELDS = ['postalCode', 'municipality', 'region'] as const;

/**
 * What the form shows in the distance fields when they are blank (25, miles), and so what a search
 * by a place alone uses: a link with only `postalCode=55401` searches as the form it shows would.
 */
export const DEFAULT_DISTANCE = 25;
export const DEFAULT_DISTANCE_UNIT = Number(Object.keys(DISTANCE_UNITS).find((id) => DISTANCE_UNITS[Number(id)]?.name === 'miles'));

export interface SearchForm {
  values: FormValues;
  /** Field → message, in the page's language. */
  errors: Partial<Record<FormField | 'page', string>>;
  page: number;
  /** The API query, when the form is valid. */
  query?: JobBoardSearch;
  /** True when the visitor asked for anything (a bare board is the indexable landing page). */
  asked: boolean;
}

const WHOLE = /^\d{1,9}$/;
const whole = (value: string): number | undefined => (WHOLE.test(value) ? Number(value) : undefined);

/** A limit of one of the API schema's parameters (`maxLength` of textSearch...): the form checks what the API checks. */
function limitOf(field: keyof typeof JobBoardSearchQuery.properties, keyword: 'maxLength' | 'minimum' | 'maximum'): number {
  const value: unknown = Reflect.get(JobBoardSearchQuery.properties[field], keyword);
  if (typeof value !== 'number') throw new Error(`GET /Search/JobBoard's ${field} has no ${keyword}`);
  return value;
}

/**
 * Reads the form. Blank values are absent (as the API route treats them); location fields are not
 * read when the tenant does not search by location (JB-38: the API ignores them too).
 */
/** The text fields' lengths, as the API takes them (the inputs' maxlength). */
export const TEXT_LIMITS = {
  textSearch: limitOf('textSearch', 'maxLength'), postalCode: limitOf('postalCode', 'maxLength'),
  municipality: limitOf('municipality', 'maxLength'), region: limitOf('region', 'maxLength'),
};

export function readSearchForm(input: SearchPageInput, settings: JobBoardSettings, countries: number[], t: Messages['jobboard']): SearchForm {
  const read = (f: FormField) => (input[f] ?? '').trim();
  const values: FormValues = {
    textSearch: read('textSearch'), countryCode: read('countryCode'), postalCode: read('postalCode'), municipality: read('municipality'),
    region: read('region'), distance: read('distance'), distanceUnitId: read('distanceUnitId'), sortBy: read('sortBy'),
  };
  if (!settings.canSearchByLocation) for (const f of LOCATION_FIELDS) values[f] = '';
  const errors: SearchForm['errors'] = {};
  const asked = FORM_FIELDS.some((f) => values[f] !== '') || (input.page ?? '').trim() !== '';

  for (const f of ['textSearch', 'postalCode', 'municipality', 'region'] as const) {
    const max = TEXT_LIMITS[f];
    if (values[f].length > max) errors[f] = say(t.errorTooLong, { max });
  }
  const sortBy = values.sortBy === '' ? (values.textSearch ? SORT_BY.relevance : SORT_BY.created) : whole(values.sortBy);
  if (sortBy === undefined || sortBy < 1 || sortBy > 4) errors.sortBy = t.errorSortBy;
  const countryCode = values.countryCode === '' ? (countries.includes(840) || countries.length === 0 ? 840 : countries[0]!) : whole(values.countryCode);
  if (countryCode === undefined) errors.countryCode = t.errorCountry;
  const byPlace = PLACE_FIELDS.some((f) => values[f] !== '');
  const distance = values.distance === '' ? (byPlace ? DEFAULT_DISTANCE : undefined) : whole(values.distance);
  if (values.distance !== '' && (distance === undefined || distance < limitOf('distance', 'minimum') || distance > limitOf('distance', 'maximum'))) errors.distance = t.errorDistance;
  const distanceUnitId = values.distanceUnitId === '' ? (byPlace ? DEFAULT_DISTANCE_UNIT : undefined) : whole(values.distanceUnitId);
  if (values.distanceUnitId !== '' && (distanceUnitId === undefined || !DISTANCE_UNITS[distanceUnitId])) errors.distanceUnitId = t.errorDistanceUnit;
  const pageText = (input.page ?? '').trim();
  const page = pageText === '' ? 1 : whole(pageText) ?? 0;
  if (page < 1 || (page - 1) * PAGE_SIZE > 2_147_483_647) errors.page = t.errorPage;
  if (Object.keys(errors).length > 0 || sortBy === undefined || countryCode === undefined) return { values, errors, page: Math.max(page, 1), asked };

  // Absent, not undefined: the query is also the cache key (and the API's schema sees what a request would hold).
  const query: JobBoardSearch = {
    sortBy, countryCode,
    ...(values.textSearch ? { textSearch: values.textSearch } : {}),
    ...(values.postalCode ? { postalCode: values.postalCode } : {}),
    ...(values.municipality ? { municipality: values.municipality } : {}),
    ...(values.region ? { region: values.region } : {}),
    ...(distance !== undefined ? { distance } : {}),
    ...(distanceUnitId !== undefined ? { distanceUnitId } : {}),
    skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE,
  };
  // The API's schema has the last word on the shape (ranges, lengths): what it refuses, the form refuses.
  for (const error of Value.Errors(JobBoardSearchQuery, query)) {
    const field = FORM_FIELDS.find((f) => error.instancePath === `/${f}`);
    if (field) errors[field] ??= t.errorOther;
    else errors.page ??= t.errorPage;
  }
  return Object.keys(errors).length > 0 ? { values, errors, page, asked } : { values, errors, page, query, asked };
}

/** The API's 400s (AppError VALIDATION_FAILED naming a field) in the visitor's words, by field. */
export function searchErrors(error: unknown, t: Messages['jobboard']): SearchForm['errors'] | undefined {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED' || !error.errors) return undefined;
  const errors: SearchForm['errors'] = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const said = messages.join(' ');
    const known: Partial<Record<string, string>> = {
      postalCode: t.errorPostalCode, region: t.errorRegion, municipality: t.errorMunicipality, distance: t.errorDistance,
      distanceUnitId: t.errorDistanceUnit, sortBy: t.errorSortBy,
      countryCode: /not available/.test(said) ? t.errorCountryPlaces : t.errorCountry,
    };
    const formField = FORM_FIELDS.find((f) => f === field);
    // Latitude and longitude are not on the form: the place the visitor typed is what to fix.
    errors[formField ?? 'municipality'] = known[field] ?? t.errorOther;
  }
  return errors;
}
