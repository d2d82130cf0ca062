import { HttpResponse } from 'msw';
import { AccountQuerySchema, SwitchAccountRequestSchema } from '../../src/api/accounts';
import type { AccountRecord } from '../db';
import { PagingParamsSchema } from '../../src/api/codecs';
import type { Kit } from '../kit';
import { badRequest, forbidden, jsonBody, paged, queryOf, validated } from '../respond';
import { sessionUserOf } from '../sessions';

/**
 * The query arrives as strings: the api's schema with the paging fields coerced (and defaulted).
 * Strict like the logistics lists: an unknown parameter is answered 400, as a real server would.
 */
const AccountQueryParamsSchema = AccountQuerySchema.extend(PagingParamsSchema.shape).strict();

const byKindThenName = (a: AccountRecord, b: AccountRecord) =>
  a.kind.localeCompare(b.kind) || a.store_name.localeCompare(b.store_name) || a.holder.localeCompare(b.holder) || a.id - b.id;

/** Accounts and the store switch (src/api/accounts.ts). */
export function accountsHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    /**
     * GET /stores/accounts?scope=operator|store&limit&offset&kind&search
     * scope=operator: the signed-in operator's accounts across stores (the store switcher);
     * scope=store: the current store's operator and device accounts.
     */
    kit.route(
      'get',
      '/stores/accounts',
      kit.withStore(({ request, operator, store }) => {
        const query = validated(AccountQueryParamsSchema, queryOf(request));
        const search = query.search?.trim().toLowerCase();
        const accounts = ctx.db.accounts
          .findMany((q) =>
            query.scope === 'operator'
              ? q.where({ kind: 'operator', holder: (holder: string) => holder.toLowerCase() === operator.email.toLowerCase() })
              : q.where({ store_id: store.id }),
          )
          .filter((account) => (query.kind ? account.kind === query.kind : true))
          .filter((account) => (search ? `${account.store_name} ${account.holder}`.toLowerCase().includes(search) : true))
          .sort(byKindThenName);
        return HttpResponse.json(paged(accounts, query));
      }),
    ),

    /** POST /stores/operator/chacc { currentAccount, newAccount } → { user } */
    kit.route(
      'post',
      '/stores/operator/chacc',
      kit.withSession(async ({ request, operator }) => {
        const { currentAccount, newAccount } = validated(SwitchAccountRequestSchema, await jsonBody(request));
        if (currentAccount !== operator.currentAccount) {
          throw badRequest(`currentAccount ${currentAccount} is not the operator's current account`);
        }
        if (!operator.stores.includes(newAccount)) throw forbidden(`Account ${newAccount} is not one of the operator's accounts`);
        const updated = await ctx.db.operators.update((q) => q.where({ id: operator.id }), {
          data(draft) {
            draft.currentAccount = newAccount;
          },
        });
        return HttpResponse.json({ user: sessionUserOf(ctx, updated ?? operator) });
      }),
    ),
  ];
}
