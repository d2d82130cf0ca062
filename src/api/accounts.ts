import * as z from 'zod';
import { pagedList, type PagedList } from './codecs';
import { http } from './http';
import { SessionUserSchema, type SessionUser } from './session';

/**
 * An account the operator can act on: a store id and its name (spec section 3), both required.
 * The rest is optional: without a kind the list shows it as "not set" (a list filtered by kind
 * takes the kind asked for), without a holder ''.
 */
export const AccountSchema = z.object({
  id: z.number().int().optional(),
  store_id: z.number().int(),
  store_name: z.string(),
  /** 'operator': a person's access to the store; 'device': a registered device's account. */
  kind: z.enum(['operator', 'device']).optional(),
  /** The e-mail (operator) or device name the account belongs to. */
  holder: z.string().default(''),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountListSchema = pagedList(AccountSchema);

export const AccountQuerySchema = z.object({
  /** 'operator': the signed-in operator's accounts across stores (the store switcher);
   *  'store': the current store's operator and device accounts (the User/Devices screen). */
  scope: z.enum(['operator', 'store']),
  limit: z.number().int().min(1).max(200),
  offset: z.number().int().min(0),
  kind: z.enum(['operator', 'device']).optional(),
  search: z.string().optional(),
});
export type AccountQuery = z.infer<typeof AccountQuerySchema>;

/** GET /stores/accounts */
export async function listAccounts(query: AccountQuery): Promise<PagedList<Account>> {
  const asked = AccountQuerySchema.parse(query);
  const page = await http('/stores/accounts', { query: asked, schema: AccountListSchema, operation: 'GET /stores/accounts' });
  return asked.kind === undefined ? page : { ...page, data: page.data.map((account) => ({ ...account, kind: account.kind ?? asked.kind })) };
}

export const SwitchAccountRequestSchema = z.object({
  currentAccount: z.number().int(),
  newAccount: z.number().int(),
});
export type SwitchAccountRequest = z.infer<typeof SwitchAccountRequestSchema>;

/** The spec does not show chacc's answer; ours returns the session user as it now stands. */
export const SwitchAccountResponseSchema = z.object({ user: SessionUserSchema });

/** POST /stores/operator/chacc — moves the operator to another store. */
export async function switchAccount(request: SwitchAccountRequest): Promise<SessionUser> {
  const response = await http('/stores/operator/chacc', {
    method: 'POST',
    body: SwitchAccountRequestSchema.parse(request),
    schema: SwitchAccountResponseSchema,
    operation: 'POST /stores/operator/chacc',
  });
  return response.user;
}
