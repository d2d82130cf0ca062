/**
 * People and words of the demo data: consumers who order, review texts by rating, delivery notes.
 * Plain data; the builders pick from it with the scenario's seeded generator. E-mail addresses use
 * the reserved .test domain so no demo address can ever reach a real mailbox.
 */
export const consumerNames: ReadonlyArray<readonly [string, string]> = [
  ['Lucía', 'Martínez'],
  ['Pablo', 'Navarro'],
  ['Carmen', 'Ferrer'],
  ['Javier', 'Ortega'],
  ['Laura', 'Gimeno'],
  ['Sergio', 'Vidal'],
  ['Marta', 'Puig'],
  ['Alejandro', 'Soler'],
  ['Elena', 'Ribera'],
  ['David', 'Moreno'],
  ['Paula', 'Sanchis'],
  ['Hugo', 'Ramos'],
  ['Irene', 'Llorens'],
  ['Álvaro', 'Peris'],
  ['Núria', 'Bosch'],
  ['Marc', 'Roig'],
  ['Cristina', 'Alonso'],
  ['Raúl', 'Esteve'],
  ['Sofía', 'Climent'],
  ['Iván', 'Serrano'],
  ['Andrea', 'Cano'],
  ['Jordi', 'Pons'],
  ['Claudia', 'Marí'],
  ['Víctor', 'Boix'],
  ['Ana', 'Belda'],
  ['Daniel', 'Catalá'],
  ['Julia', 'Company'],
  ['Adrián', 'Vila'],
  ['Sara', 'Mompó'],
  ['Óscar', 'Tomás'],
  ['Emma', 'Schneider'],
  ['Luca', 'Romano'],
  ['Chloé', 'Martin'],
  ['Tom', 'Baker'],
  ['Yasmin', 'El Idrissi'],
  ['Mei', 'Chen'],
  ['Priya', 'Nair'],
  ['Olga', 'Ivanova'],
  ['Bruno', 'Costa'],
  ['Inés', 'Domènech'],
];

/** Lower-case ASCII letters only: "Domènech" → "domenech". */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/** "Núria Domènech" → "nuria.domenech@mail.test" */
export function emailOf(first: string, last: string, domain = 'mail.test'): string {
  return `${plain(first)}.${plain(last)}@${domain}`;
}

/** Review texts by rating; a few in Spanish, as a Valencian store's customers write them. */
export const reviewTexts: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Amazing value, the bag was full and everything was fresh.',
    'Everything was delicious and the staff were lovely.',
    'Best surprise bag in the neighbourhood. Will be back!',
    'Great variety and a super quick pickup.',
    'Todo buenísimo y muy bien de precio. ¡Repetiré!',
    'Incredible for the price, nothing went to waste.',
    'Me encanta la iniciativa, y la calidad es la de siempre.',
  ],
  4: [
    'Good selection, a bit less than I expected but great quality.',
    'Nice surprise, pickup was easy.',
    'Very good, I just had to wait a few minutes at the counter.',
    'Muy rico, aunque me habría gustado un poco más de variedad.',
    'Good value. The pickup window is a bit short after work.',
  ],
  3: [
    'Okay overall, but not much variety this time.',
    'Decent, though the pickup window was hard to make.',
    'Fine for the price.',
    'Correcto, sin más.',
  ],
  2: ['Half of the items were from the day before.', 'I had to wait 15 minutes to pick up my order.'],
  1: ['The shop was closing when I arrived and nobody could find my order.'],
};

/** The rating category shown with a review. */
export const ratingCategory: Record<1 | 2 | 3 | 4 | 5, string> = {
  5: 'Excellent',
  4: 'Good',
  3: 'Average',
  2: 'Poor',
  1: 'Bad',
};

export const driverNotes: readonly string[] = [
  'Ring the bell twice, the intercom is broken.',
  'Leave it with the concierge if nobody answers.',
  'Call on arrival, loading zone in front of the door.',
  'Side entrance on the corner.',
  '',
];

export const deliveryNotes: readonly string[] = [
  'Keep upright: contains pastries.',
  'Fragile, two trays.',
  'Two bags and one box.',
  'Includes a cold item, deliver first.',
  '',
];
