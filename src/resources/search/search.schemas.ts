import { Type, type Static } from 'typebox';
import { PageQuery } from '../../platform/http/paging.ts';

/** Result columns of the email search, in order: also the values `OrderBy` accepts. */
export const EMAIL_RESULT_COLUMNS = ['emailAddress', 'firstName', 'lastName', 'name', 'isPrimary', 'originId', 'originTypeId', 'branchName', 'governmentPersonalId'] as const;

export const EmailSearchQuery = Type.Object({
  SearchString: Type.String({ minLength: 1, maxLength: 255, description: 'Names or email addresses starting with this (any case).' }),
  OriginTypeFilter: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 Employee, 2 Contact.' })),
  // The spec's names for the one paging rule's skip and take (EMAIL-05 to EMAIL-08).
  Skip: PageQuery.properties.skip,
  Take: PageQuery.properties.take,
  OrderBy: Type.Optional(Type.String({ description: `Any result column: ${EMAIL_RESULT_COLUMNS.join(', ')} (any case). Default emailAddress.` })),
  OrderByAscending: Type.Boolean({ default: true }),
});
export type EmailSearch = Static<typeof EmailSearchQuery>;

export const EmailSearchResult = Type.Object({
  emailAddress: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
  isPrimary: Type.Boolean(),
  originId: Type.Integer(),
  originTypeId: Type.Integer({ description: '1 Employee, 2 Contact.' }),
  branchName: Type.String(),
  governmentPersonalId: Type.Union([Type.String({ description: 'Masked: the last four characters only.' }), Type.Null()]),
}, { $id: 'EmailSearchResult' });
