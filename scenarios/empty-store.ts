import { createSeedContext, seedNewStore, seedOperators, type OperatorSeed } from './builders';
import { despensaChamberi, offerOptions } from './catalogues';
import { demoOperator } from './default';
import type { Scenario } from './scenario';

/** The demo sign-in, acting for a store that signed up today. */
const newStoreOperator: OperatorSeed = { ...demoOperator, currentAccount: despensaChamberi.id, stores: [despensaChamberi.id] };
const operators = [newStoreOperator];

export const emptyStoreScenario: Scenario = {
  name: 'empty-store',
  description: 'La Despensa de Chamberí signed up today: no offers, orders, reviews or notifications yet (every figure is zero)',
  operators,
  async seed(db, now) {
    const sc = createSeedContext(db, now, 'empty-store');
    await seedOperators(sc, operators);
    await seedNewStore(sc, despensaChamberi, operators, offerOptions);
  },
};
