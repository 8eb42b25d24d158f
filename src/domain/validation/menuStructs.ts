// superstruct structs for the administrators' menu writes (POST/PUT /menus), snake_case keys like
// the other request bodies. The messages live here because only this API uses them.
import { coerce, object, optional, string, type Struct } from 'superstruct';
import { normaliseRole, type Role } from '../users/user';
import { isBlank, type Rule } from './rules';
import { ruled } from './structs';

export const MENU_VALIDATION_MESSAGES = {
  NAME_REQUIRED: 'name is required',
  NAME_MAX: 'name must be at most 100 characters',
  PATH_REQUIRED: 'path is required',
  PATH_INVALID:
    'path must be a path of this app: a single / then letters, digits, - _ . separated by single /',
  ICON_INVALID: 'icon must be text of at most 100 characters',
  ORDER_INVALID: 'order must be a whole number of at least 0',
  PARENT_INVALID: 'parent_id must be the id of a menu or null',
  ACTIVE_INVALID: 'active must be true or false',
  ROLES_INVALID: 'roles must be a list of admin and staff',
} as const;

const M = MENU_VALIDATION_MESSAGES;
/** '/', '/dashboard', '/users/new': one leading slash, no empty segment, so never '//host' (another site). */
const MENU_PATH = /^(\/[A-Za-z0-9_\-.]+)*\/?$/;
const MAX_ID = 2_147_483_647;

const menuNameRule: Rule = (v) =>
  isBlank(v) || typeof v !== 'string' ? M.NAME_REQUIRED : v.length > 100 ? M.NAME_MAX : true;
const menuPathRule: Rule = (v) =>
  isBlank(v) || typeof v !== 'string'
    ? M.PATH_REQUIRED
    : MENU_PATH.test(v) && v.length <= 200
      ? true
      : M.PATH_INVALID;
const iconRule: Rule = (v) => (typeof v === 'string' && v.length <= 100 ? true : M.ICON_INVALID);
const orderRule: Rule = (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_ID ? true : M.ORDER_INVALID;
const parentRule: Rule = (v) =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ID)
    ? true
    : M.PARENT_INVALID;
const activeRule: Rule = (v) => (typeof v === 'boolean' ? true : M.ACTIVE_INVALID);
const rolesRule: Rule = (v) =>
  Array.isArray(v) && v.every((r) => normaliseRole(r) !== null) ? true : M.ROLES_INVALID;

const trimmed = <T>(struct: Struct<T, null>) => coerce(struct, string(), (s) => s.trim());

const menuName = trimmed(ruled<string>('name', menuNameRule));
const menuPath = trimmed(ruled<string>('path', menuPathRule));
/** 'Admin' and ' staff ' are stored as 'admin' / 'staff'. */
const menuRoles = coerce(
  ruled<Role[]>('roles', rolesRule),
  ruled<unknown[]>('list', (v) => Array.isArray(v) || M.ROLES_INVALID),
  (list) => list.map((r) => normaliseRole(r) ?? r),
);

const menuFields = {
  icon: optional(trimmed(ruled<string>('icon', iconRule))),
  order: optional(ruled<number>('order', orderRule)),
  parent_id: optional(ruled<number | null>('parent_id', parentRule)),
  active: optional(ruled<boolean>('active', activeRule)),
  roles: optional(menuRoles),
};

/** POST /menus: name and path required. */
export const menuCreateStruct = object({ name: menuName, path: menuPath, ...menuFields });

/** PUT /menus/{id}: any subset, each field checked when present. */
export const menuUpdateStruct = object({
  name: optional(menuName),
  path: optional(menuPath),
  ...menuFields,
});
