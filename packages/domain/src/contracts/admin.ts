import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from '../user-types';
import { listResponseSchema, optionalText, requiredText } from './common';
import { listQuerySchema, oneOrMany } from './lists';

/** Product types (GET with page[size]=999, sort[by]=name; admins create, edit and delete). */
export const productTypeSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type ProductType = z.infer<typeof productTypeSchema>;
export const productTypeListQuerySchema = listQuerySchema({ filters: {}, sortBy: ['name', 'created_at'] });
export const productTypeListResponseSchema = listResponseSchema(productTypeSchema);
export const productTypeInputSchema = z.object({ name: requiredText(120), description: optionalText(2000) });
export const productTypeResponseSchema = z.object({ data: productTypeSchema });

/** Roles with their permission names. */
export const roleSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListResponseSchema = listResponseSchema(roleSchema);
export const roleListQuerySchema = listQuerySchema({ filters: {}, sortBy: ['name', 'users_count'] });
export const roleInputSchema = z.object({
  name: requiredText(100),
  description: optionalText(500),
  permissions: z.array(z.string().max(100)).max(500),
});
export const roleResponseSchema = z.object({ data: roleSchema });
export const permissionListResponseSchema = z.object({ data: z.array(z.object({ name: z.string() })) });

/** Groups (super users only); members are users. A group is a mention target. */
export const groupSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  members: z.array(z.object({ uuid: z.uuid(), name: z.string(), type: z.enum(USER_TYPES) })),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListQuerySchema = listQuerySchema({ filters: {}, sortBy: ['name'] });
export const groupListResponseSchema = listResponseSchema(groupSchema);
export const groupInputSchema = z.object({
  name: requiredText(100),
  description: optionalText(500),
  members: z.array(z.uuid()).max(1000),
});
export const groupResponseSchema = z.object({ data: groupSchema });

/** Logins (GET users) for the role and group member pickers; uuid is the user's, contact_uuid the profile's. */
export const userListItemSchema = z.object({
  uuid: z.uuid(),
  contact_uuid: z.uuid(),
  name: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  status: z.enum(USER_STATUSES),
  roles: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListQuerySchema = listQuerySchema({
  filters: { type: oneOrMany(z.enum(USER_TYPES)), status: oneOrMany(z.enum(USER_STATUSES)) },
  sortBy: ['name', 'email', 'created_at'],
});
export const userListResponseSchema = listResponseSchema(userListItemSchema);
