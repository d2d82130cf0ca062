import { HttpResponse } from 'msw';
import * as z from 'zod';
import { LookupsSchema } from '../../src/api/lookups';
import { LanguageSchema } from '../../src/api/session';
import type { Kit } from '../kit';
import { notFound, queryOf, validated } from '../respond';

const LookupsQuerySchema = z.object({ lang: LanguageSchema.default('en') });

/** Offer option groups in the operator's language (src/api/lookups.ts). */
export function lookupsHandlers(kit: Kit) {
  const { ctx } = kit;
  return [
    /** GET /stores/lookups/getall/{id}?lang=en|es */
    kit.route(
      'get',
      '/stores/lookups/getall/:id',
      kit.withStore(
        ({ request, store }) => {
          const { lang } = validated(LookupsQuerySchema, queryOf(request));
          const lookups = ctx.db.lookups.findFirst((q) => q.where({ store_id: store.id, lang }));
          if (!lookups) throw notFound(`No lookups for store ${store.id} in ${lang}`);
          // Parsing with the api schema drops store_id and lang, which only the mock db keeps.
          return HttpResponse.json(LookupsSchema.parse(lookups));
        },
        { storeParam: 'id' },
      ),
    ),
  ];
}
