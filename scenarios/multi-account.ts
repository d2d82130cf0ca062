import { seedScenario, type OperatorSeed } from './builders';
import { fornDeLaLlotja, fruiteriaDelBorn, obradorLavapies, offerOptions } from './catalogues';
import { demoOperator } from './default';
import type { Scenario } from './scenario';

const stores = [fornDeLaLlotja, obradorLavapies, fruiteriaDelBorn];

/** The same sign-in, acting for three stores with two roles (store switcher and role switch). */
const multiStoreOperator: OperatorSeed = {
  ...demoOperator,
  rolesList: { roles: ['STORE_ADMIN', 'STORE_OPERATOR'] },
  stores: stores.map((store) => store.id),
};

const operators = [multiStoreOperator];

export const multiAccountScenario: Scenario = {
  name: 'multi-account',
  description: 'demo@store.test runs three stores (València, Madrid, Barcelona) with two roles',
  operators,
  seed: (db, now) => seedScenario(db, now, { name: 'multi-account', operators, stores, lookups: offerOptions }),
};
