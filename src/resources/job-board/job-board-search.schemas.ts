// GET /Search/JobBoard: the spec's query parameters (JB-05..JB-21) and result item (JB-34).
import { Type, type Static } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';

/** The `sortBy` values (JB-10). Published in the API description and docs/job-board.md. */
export const SORT_BY = { relevance: 1, jobTitle: 2, distance: 3, created: 4 } as const;
/** `distanceUnitId` values (JB-19): metres in one unit. */
export const DISTANCE_UNITS: Record<number, { name: string; metres: number }> = {
  3: { name: 'miles', metres: 1609.344 },
  4: { name: 'kilometers', metres: 1000 },
};

export const JobBoardSearchQuery = Type.Object({
  sortBy: Type.Integer({
    minimum: 1, maximum: 4,
    description: '1 term relevance (most relevant first; needs textSearch), 2 job title (alphabetical), 3 distance (closest first; '
      + 'needs a location search), 4 job order created (most recent first). Relevance without textSearch, or distance without a '
      + 'location search, sorts as 4.',
  }),
  countryCode: Type.Integer({ description: 'A countryCode of GET /DataLists/countries; results are orders whose worksite is in that country.' }),
  textSearch: Type.Optional(Type.String({ maxLength: 1000, description: 'Words to find in the title, skills and description (English stemming; "quotes" and -exclusion as in web search).' })),
  postalCode: Type.Optional(Type.String({ maxLength: 20, description: 'Centre of a location search; overrides municipality and region. A Canadian postal code is read as its area (M5V 3L9 as M5V).' })),
  municipality: Type.Optional(Type.String({ maxLength: 100, description: 'City, town or neighbourhood by any of its names, accents and abbreviations aside (Montreal = Montréal, St. Paul = Saint Paul); with region, the centre when no postalCode is given.' })),
  region: Type.Optional(Type.String({ maxLength: 50, description: 'State or province code (MN, ON); required with municipality when no postalCode is given, except in the United Kingdom (ENG, SCT, WLS, NIR, optional).' })),
  latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'Only with longitude; the centre when no postal code could be assigned.' })),
  longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'Only with latitude.' })),
  distance: Type.Optional(Type.Integer({ minimum: 0, maximum: 20000, description: 'Radius of a location search (required with one), in distanceUnitId.' })),
  distanceUnitId: Type.Optional(Type.Integer({ description: '3 miles, 4 kilometers (required with a location search).' })),
  ...PageQuery.properties,
});
export type JobBoardSearch = Static<typeof JobBoardSearchQuery>;

const nullableString = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

export const JobBoardOrder = Type.Object({
  jobOrderId: Type.Integer(),
  municipality: nullableString('Null when the tenant hides worksites.'),
  region: nullableString('Null when the tenant hides worksites.'),
  postalCode: nullableString('Null when the tenant hides worksites.'),
  dateOrderTaken: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Null when older than the tenant\'s old date cutoff (Hide Old Dates).' }),
  jobTitle: nullableString(),
  jobDescription: nullableString(),
  jobDescriptionContentType: Type.String({ description: 'text/plain or text/html; charset=utf-8' }),
  category: nullableString(),
  orderType: nullableString(),
  skills: Type.Array(Type.String()),
  distance: Type.Union([Type.Number(), Type.Null()], { description: 'From the centre, in the requested distanceUnitId (two decimals); null without a location search.' }),
  jobBoardUrl: Type.String({ description: '{jobboard_url}/{tenantName}/jobs/details/{jobOrderId}' }),
}, { $id: 'JobBoardOrder' });
export type JobBoardOrderShape = Static<typeof JobBoardOrder>;
