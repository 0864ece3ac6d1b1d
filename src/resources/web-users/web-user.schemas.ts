import { Type } from 'typebox';
import { MAX_PASSWORD_LENGTH } from '../../platform/auth/passwords.ts';
import { idSchema } from '../../platform/records/record.ts';

export const WebUserCreate = Type.Object({
  type: Type.Union([Type.Literal('WebUserEmployee'), Type.Literal('WebUserContact')], { description: 'Whose login: an employee\'s or a customer contact\'s.' }),
  // Employees' and contacts' ids are Int64.
  recordId: Type.Integer({ ...idSchema({ idType: 'Int64', name: 'employee or contact' }), description: 'The employeeId or contactId, inside your hierarchy.' }),
  username: Type.String({ minLength: 1, maxLength: 100, description: 'Unique per tenant and type, case-insensitive.' }),
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH, description: 'At least 10 characters; stored as an Argon2id hash.' }),
}, { $id: 'WebUserCreate', additionalProperties: false });

export const WebUserCreated = Type.Object({ webUserId: Type.Integer() }, { $id: 'WebUserCreated' });

export const WebUserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
