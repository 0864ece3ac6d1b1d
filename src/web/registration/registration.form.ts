// The registration form as the template shows it: the fields in their groups (the * ones only when
// the tenant shows them, REG-04; the branch only when the link fixes none, REG-06), each with its
// label, value, hint and the error of its problem in the page's language.
import { FORM_FIELDS, type FieldProblem, type FormField, type FormProblems, type FormValues, type ResolvedLink } from '../../resources/registration/registration.service.ts';
import { isStarField } from '../../resources/registration/registration.settings.ts';
import { say, type Messages } from '../../platform/messages/index.ts';

type Words = Messages['registration'];

export interface FieldView {
  name: FormField;
  label: string;
  type: 'text' | 'email' | 'tel' | 'password' | 'select';
  value: string;
  autocomplete: string;
  required: boolean;
  maxlength: number;
  hint?: string;
  error?: string;
  options?: { value: string; label: string; selected: boolean }[];
}

export interface GroupView { heading: string; fields: FieldView[] }

const SPEC: Record<FormField, { type: FieldView['type']; autocomplete: string; maxlength: number; required?: boolean; hint?: keyof Words }> = {
  username: { type: 'text', autocomplete: 'username', maxlength: 100, required: true, hint: 'usernameHint' },
  password: { type: 'password', autocomplete: 'new-password', maxlength: 256, required: true, hint: 'passwordHint' },
  firstName: { type: 'text', autocomplete: 'given-name', maxlength: 50, required: true },
  middleName: { type: 'text', autocomplete: 'additional-name', maxlength: 50 },
  lastName: { type: 'text', autocomplete: 'family-name', maxlength: 50, required: true },
  emailAddress: { type: 'email', autocomplete: 'email', maxlength: 255 },
  phoneNumber: { type: 'tel', autocomplete: 'tel', maxlength: 255 },
  postalCode: { type: 'text', autocomplete: 'postal-code', maxlength: 10, hint: 'postalHint' },
  municipality: { type: 'text', autocomplete: 'address-level2', maxlength: 50 },
  region: { type: 'text', autocomplete: 'address-level1', maxlength: 5, hint: 'regionHint' },
  howHeardOfId: { type: 'select', autocomplete: 'off', maxlength: 20 },
  howHeardOfDetail: { type: 'text', autocomplete: 'off', maxlength: 50, hint: 'howHeardOfDetailHint' },
  employmentCategoryId: { type: 'select', autocomplete: 'off', maxlength: 40 },
  branchId: { type: 'select', autocomplete: 'off', maxlength: 20, required: true },
};

const GROUPS: [keyof Words, FormField[]][] = [
  ['accountHeading', ['username', 'password']],
  ['personalHeading', ['firstName', 'middleName', 'lastName']],
  ['contactHeading', ['emailAddress', 'phoneNumber', 'postalCode', 'municipality', 'region']],
  ['moreHeading', ['howHeardOfId', 'howHeardOfDetail', 'employmentCategoryId', 'branchId']],
];

/** The problem in the page's language (the API's field errors were mapped to these kinds). */
export function errorText(t: Words, field: FormField, problem: FieldProblem): string {
  const label = t[field];
  if (problem.kind === 'taken') return t.errUsernameTaken;
  if (problem.kind === 'tooShort') return say(t.errPasswordShort, { limit: problem.limit ?? 10 });
  if (problem.kind === 'tooLong') return say(t.errTooLong, { field: label, limit: problem.limit ?? SPEC[field].maxlength });
  if (field === 'region' && problem.kind === 'required') return t.errRegion;
  if (field === 'emailAddress') return t.errEmail;
  return say(problem.kind === 'required' ? t.errRequired : t.errInvalid, { field: label });
}

/** Whether the form shows `field` for this link and tenant. */
export function isShown(link: ResolvedLink, field: FormField): boolean {
  if (field === 'branchId') return !link.branch;
  if (field === 'howHeardOfDetail') return link.visible.has('howHeardOfId');
  return !isStarField(field) || link.visible.has(field);
}

export function formGroups(t: Words, link: ResolvedLink, values: FormValues, problems: FormProblems): GroupView[] {
  const options = (field: FormField, list: { id: string | number; name: string }[]) => list.map((o) => ({ value: String(o.id), label: o.name, selected: String(o.id) === values[field] }));
  const choices: Partial<Record<FormField, FieldView['options']>> = {
    howHeardOfId: options('howHeardOfId', link.choices.howHeardOf),
    employmentCategoryId: options('employmentCategoryId', link.choices.employmentCategories),
    branchId: options('branchId', link.choices.branches),
  };
  return GROUPS.map(([heading, fields]) => ({
    heading: t[heading],
    fields: fields.filter((f) => isShown(link, f)).map((name): FieldView => {
      const spec = SPEC[name], problem = problems[name];
      return {
        name, label: t[name], type: spec.type, autocomplete: spec.autocomplete, maxlength: spec.maxlength, required: spec.required ?? false,
        value: name === 'password' ? '' : values[name] ?? '',
        hint: spec.hint && t[spec.hint], error: problem && errorText(t, name, problem), options: choices[name],
      };
    }),
  })).filter((g) => g.fields.length > 0);
}

/** The posted values of the form's fields (anything else in the body is dropped). */
export function postedValues(body: Readonly<Record<string, string | undefined>>): FormValues {
  return Object.fromEntries(FORM_FIELDS.flatMap((f) => (body[f] === undefined ? [] : [[f, body[f]]])));
}
