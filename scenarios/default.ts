import { seedScenario, type OperatorSeed } from './builders';
import { fornDeLaLlotja, offerOptions } from './catalogues';
import { DEMO_SIGN_IN } from './demo-sign-in';
import type { Scenario } from './scenario';

/** The demo sign-in of every scenario (DEMO_SIGN_IN). */
export const demoOperator: OperatorSeed = {
  id: 1,
  uid: 'mXk3demoOperatorUid000000001',
  ...DEMO_SIGN_IN,
  name_op: 'Alex Romero',
  first_name: 'Alex',
  phone: '+34 612 345 678',
  role: 'STORE_ADMIN',
  rolesList: { roles: ['STORE_ADMIN'] },
  currentAccount: fornDeLaLlotja.id,
  preferences: { language: 'en' },
  stores: [fornDeLaLlotja.id],
};

/** A counter operator with the narrower role, for role-guard demos. */
export const counterOperator: OperatorSeed = {
  id: 2,
  uid: 'mXk3counterOperatorUid000002',
  email: 'operator@store.test',
  password: 'operator1234',
  name_op: 'Lola Sanz',
  first_name: 'Lola',
  phone: '+34 611 402 918',
  role: 'STORE_OPERATOR',
  rolesList: { roles: ['STORE_OPERATOR'] },
  currentAccount: fornDeLaLlotja.id,
  preferences: { language: 'es' },
  stores: [fornDeLaLlotja.id],
};

const operators = [demoOperator, counterOperator];

export const defaultScenario: Scenario = {
  name: 'default',
  description: 'Forn de la Llotja, a family bakery in València: two weeks of offers, orders, reviews and deliveries',
  operators,
  seed: (db, now) => seedScenario(db, now, { name: 'default', operators, stores: [fornDeLaLlotja], lookups: offerOptions }),
};
