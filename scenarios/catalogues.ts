import type { LookupSpec, StoreSpec } from './builders';

/**
 * The stores of the demo scenarios and the platform's offer option groups. Addresses and
 * coordinates are real places, so maps and routes look right; phone numbers and e-mail domains
 * are made up (.test).
 */

/** The platform's option groups (spec section 9), in English and Spanish. */
export const offerOptions: LookupSpec = {
  offer_type: [
    { id: 1, en: 'Surprise bag', es: 'Bolsa sorpresa' },
    { id: 2, en: 'Single product', es: 'Producto individual' },
    { id: 3, en: 'Value pack', es: 'Pack ahorro' },
    { id: 4, en: 'Ready meal', es: 'Plato preparado' },
  ],
  dietary_fit: [
    { id: 1, en: 'Vegetarian', es: 'Vegetariano' },
    { id: 2, en: 'Vegan', es: 'Vegano' },
    { id: 3, en: 'Gluten-free', es: 'Sin gluten' },
    { id: 4, en: 'Lactose-free', es: 'Sin lactosa' },
    { id: 5, en: 'Halal', es: 'Halal' },
  ],
  cuisine_type: [
    { id: 1, en: 'Bakery', es: 'Panadería' },
    { id: 2, en: 'Pastry', es: 'Pastelería' },
    { id: 3, en: 'Mediterranean', es: 'Mediterránea' },
    { id: 4, en: 'Spanish', es: 'Española' },
    { id: 5, en: 'Fruit and vegetables', es: 'Frutas y verduras' },
    { id: 6, en: 'Sandwiches', es: 'Bocadillos' },
  ],
  business_type: [
    { id: 1, en: 'Bakery', es: 'Panadería' },
    { id: 2, en: 'Café', es: 'Cafetería' },
    { id: 3, en: 'Greengrocer', es: 'Frutería' },
    { id: 4, en: 'Supermarket', es: 'Supermercado' },
    { id: 5, en: 'Restaurant', es: 'Restaurante' },
    { id: 6, en: 'Delicatessen', es: 'Charcutería' },
  ],
};

/** A family bakery beside Valencia's Mercat Central. */
export const fornDeLaLlotja: StoreSpec = {
  id: 101,
  name: 'Forn de la Llotja',
  tagline: 'Fresh from the oven, rescued at closing time',
  description:
    'Family bakery beside the Mercat Central since 1962: sourdough, coca de llanda and Valencian pastries. What is left at the end of the day goes out in surprise bags.',
  email: 'hola@forn-llotja.test',
  phone: '+34 963 91 52 40',
  address: { address_print: 'Plaça del Mercat 34, 46001 València', city: 'València', country: 'ES', postal_code: '46001' },
  lat: 39.47392,
  lon: -0.37868,
  color: '#D9822B',
  smsText: 'Forn de la Llotja: your order is ready. Show code {code} at the counter.',
  dailyOrders: 9,
  categoryColors: { Bread: '#C8893B', Pastries: '#E86F2C', Savoury: '#6B8E23', Drinks: '#4A90B8' },
  catalogue: [
    { name: 'Surprise bread bag', category: 'Bread', origin_price: 9, unit_price: 4.1, quantity: [8, 14], offer_type: [1], dietary_fit: [1, 2], cuisine_type: [1], business_type: [1] },
    { name: 'Croissant box (6)', category: 'Pastries', origin_price: 7.2, unit_price: 3.3, quantity: [6, 10], offer_type: [3], dietary_fit: [1], cuisine_type: [2], business_type: [1] },
    { name: 'Sourdough loaves (2)', category: 'Bread', origin_price: 8.4, unit_price: 3.9, quantity: [5, 9], offer_type: [3], dietary_fit: [1, 2], cuisine_type: [1], business_type: [1] },
    { name: 'Ensaïmades (4)', category: 'Pastries', origin_price: 6.8, unit_price: 3.2, quantity: [5, 8], offer_type: [3], dietary_fit: [1], cuisine_type: [2, 4], business_type: [1] },
    { name: 'Coca de llanda', category: 'Pastries', origin_price: 9.5, unit_price: 4.5, quantity: [4, 7], offer_type: [2], dietary_fit: [1], cuisine_type: [2, 4], business_type: [1] },
    { name: 'Savoury pastry bag', category: 'Savoury', origin_price: 8, unit_price: 3.7, quantity: [6, 10], offer_type: [1], dietary_fit: [], cuisine_type: [3, 4], business_type: [1] },
    { name: 'Sandwich pack (3)', category: 'Savoury', origin_price: 10.5, unit_price: 4.9, quantity: [4, 8], offer_type: [3], dietary_fit: [], cuisine_type: [6], business_type: [1, 2] },
    { name: 'Fartons & horchata', category: 'Drinks', origin_price: 6, unit_price: 2.9, quantity: [5, 9], offer_type: [3], dietary_fit: [1], cuisine_type: [4], business_type: [2] },
    { name: 'Pastry surprise bag', category: 'Pastries', origin_price: 12, unit_price: 5.5, quantity: [6, 10], offer_type: [1], dietary_fit: [1], cuisine_type: [2], business_type: [1] },
    { name: 'Baguettes (3)', category: 'Bread', origin_price: 3.9, unit_price: 1.9, quantity: [8, 14], offer_type: [3], dietary_fit: [1, 2], cuisine_type: [1], business_type: [1] },
  ],
  templates: [
    { product: 'Surprise bread bag', repeat_on_days: [1, 2, 3, 4, 5], slot: 'evening' },
    { product: 'Croissant box (6)', repeat_on_days: [6, 7], slot: 'morning' },
    { product: 'Pastry surprise bag', repeat_on_days: [], slot: 'evening' },
  ],
  staff: [{ email: 'vicent.ferrando@forn-llotja.test' }],
  devices: [
    { name: 'Counter tablet', model: 'Samsung Galaxy Tab A9' },
    { name: 'Pickup scanner', model: 'Zebra TC22' },
  ],
  trucks: [
    { name: 'Van 1 (Centre)', plate: '4821 LKM', capacity: 40, driver_name: 'Andrés Soler', driver_phone: '+34 655 210 384', status: 'active' },
    { name: 'Van 2 (Ruzafa)', plate: '7315 JHB', capacity: 36, driver_name: 'Rosa Beltrán', driver_phone: '+34 622 871 045', status: 'active' },
    { name: 'Van 3', plate: '2290 GTW', capacity: 30, driver_name: 'Pepe Mas', driver_phone: '+34 699 330 127', status: 'maintenance' },
  ],
  pickupLocations: [
    { name: 'Mercat Central, stall 212', address: 'Plaça de la Ciutat de Bruges s/n, 46001 València', lat: 39.47361, lon: -0.37903, opening_hours: 'Mon–Sat 07:30–15:00', contact_name: 'Vicent Ferrando', contact_phone: '+34 963 91 52 41' },
    { name: 'Ruzafa collection point', address: 'Carrer de Sueca 27, 46006 València', lat: 39.46228, lon: -0.37372, opening_hours: 'Mon–Fri 09:00–20:00', contact_name: 'Lola Sanz', contact_phone: '+34 611 402 918' },
    { name: 'Blasco Ibáñez campus lockers', address: 'Avinguda de Blasco Ibáñez 13, 46010 València', lat: 39.47757, lon: -0.36231, opening_hours: 'Mon–Fri 08:00–21:00', contact_name: 'Campus services', contact_phone: '+34 963 86 40 00' },
  ],
  deliveryStops: [
    { area: 'Ruzafa', address: 'Carrer de Cuba 8, 46006 València', lat: 39.46119, lon: -0.37601 },
    { area: 'Ruzafa', address: 'Carrer de Sueca 40, 46006 València', lat: 39.46152, lon: -0.37329 },
    { area: 'Centre', address: 'Carrer de Colón 10, 46004 València', lat: 39.47048, lon: -0.37331 },
    { area: 'Centre', address: 'Plaça de la Reina 5, 46003 València', lat: 39.47479, lon: -0.37578 },
    { area: 'Eixample', address: 'Gran Via del Marqués del Túria 45, 46005 València', lat: 39.46603, lon: -0.36902 },
    { area: 'Benimaclet', address: 'Carrer de Benimaclet 12, 46020 València', lat: 39.48497, lon: -0.35902 },
    { area: 'Port', address: 'Avinguda del Port 120, 46023 València', lat: 39.46297, lon: -0.34802 },
    { area: 'Campanar', address: 'Avinguda de Campanar 30, 46015 València', lat: 39.48301, lon: -0.39297 },
    { area: 'Extramurs', address: 'Carrer de Guillem de Castro 60, 46008 València', lat: 39.47196, lon: -0.38402 },
    { area: 'Algirós', address: 'Avinguda dels Tarongers 4, 46021 València', lat: 39.47788, lon: -0.34651 },
  ],
};

/** A bakery-café in Madrid's Lavapiés (multi-account). */
export const obradorLavapies: StoreSpec = {
  id: 102,
  name: 'Obrador Lavapiés',
  tagline: 'Neighbourhood bakery and café',
  description: 'Bread, tortilla and bocadillos made every morning in Lavapiés. The day’s surplus is sold from 16:00.',
  email: 'hola@obrador-lavapies.test',
  phone: '+34 915 27 63 18',
  address: { address_print: 'Calle de Argumosa 11, 28012 Madrid', city: 'Madrid', country: 'ES', postal_code: '28012' },
  lat: 40.40843,
  lon: -3.69853,
  color: '#7A5C3E',
  smsText: 'Obrador Lavapiés: tu pedido está listo. Código {code}.',
  dailyOrders: 6,
  categoryColors: { Bread: '#B07A3A', Pastries: '#D9652B', Savoury: '#5E8C31' },
  catalogue: [
    { name: 'Surprise breakfast bag', category: 'Pastries', origin_price: 8.5, unit_price: 3.9, quantity: [6, 10], offer_type: [1], dietary_fit: [1], cuisine_type: [1, 2], business_type: [1, 2] },
    { name: 'Tortilla de patatas (half)', category: 'Savoury', origin_price: 9, unit_price: 4.2, quantity: [3, 6], offer_type: [4], dietary_fit: [1, 3], cuisine_type: [4], business_type: [2] },
    { name: 'Bocadillo pack (2)', category: 'Savoury', origin_price: 9.8, unit_price: 4.5, quantity: [4, 8], offer_type: [3], dietary_fit: [], cuisine_type: [6], business_type: [2] },
    { name: 'Napolitanas de chocolate (4)', category: 'Pastries', origin_price: 6.4, unit_price: 2.95, quantity: [5, 9], offer_type: [3], dietary_fit: [1], cuisine_type: [2], business_type: [1] },
    { name: 'Rye loaf', category: 'Bread', origin_price: 4.8, unit_price: 2.2, quantity: [6, 10], offer_type: [2], dietary_fit: [1, 2], cuisine_type: [1], business_type: [1] },
    { name: 'Salad bowl', category: 'Savoury', origin_price: 8.9, unit_price: 4.1, quantity: [3, 6], offer_type: [4], dietary_fit: [1, 2, 3], cuisine_type: [3], business_type: [2] },
  ],
  templates: [
    { product: 'Surprise breakfast bag', repeat_on_days: [1, 2, 3, 4, 5, 6], slot: 'morning' },
    { product: 'Bocadillo pack (2)', repeat_on_days: [], slot: 'evening' },
  ],
  staff: [{ email: 'nacho.rey@obrador-lavapies.test' }],
  devices: [{ name: 'Till tablet', model: 'Lenovo Tab M10' }],
  trucks: [{ name: 'Cargo bike', plate: 'M-CB-0417', capacity: 12, driver_name: 'Samir Haddad', driver_phone: '+34 634 552 019', status: 'active' }],
  pickupLocations: [
    { name: 'Mercado de San Fernando', address: 'Calle de Embajadores 41, 28012 Madrid', lat: 40.40906, lon: -3.70297, opening_hours: 'Tue–Sat 09:00–14:30', contact_name: 'Nacho Rey', contact_phone: '+34 915 27 63 19' },
  ],
  deliveryStops: [
    { area: 'Embajadores', address: 'Calle de Embajadores 52, 28012 Madrid', lat: 40.40752, lon: -3.70192 },
    { area: 'Lavapiés', address: 'Calle del Doctor Fourquet 20, 28012 Madrid', lat: 40.40901, lon: -3.69631 },
    { area: 'Atocha', address: 'Calle de Atocha 70, 28012 Madrid', lat: 40.41249, lon: -3.69906 },
    { area: 'Lavapiés', address: 'Calle de Lavapiés 30, 28012 Madrid', lat: 40.40948, lon: -3.70143 },
    { area: 'Delicias', address: 'Ronda de Valencia 6, 28012 Madrid', lat: 40.40496, lon: -3.69852 },
    { area: 'La Latina', address: 'Calle de Toledo 90, 28005 Madrid', lat: 40.40804, lon: -3.71067 },
  ],
};

/** A greengrocer in Barcelona's Born (multi-account). */
export const fruiteriaDelBorn: StoreSpec = {
  id: 103,
  name: 'Fruiteria del Born',
  tagline: 'Imperfect fruit, perfect taste',
  description: 'Greengrocer in the Born selling local fruit and vegetables. Ripe and imperfect produce goes out in boxes every evening.',
  email: 'hola@fruiteria-born.test',
  phone: '+34 932 68 41 07',
  address: { address_print: 'Carrer de la Princesa 42, 08003 Barcelona', city: 'Barcelona', country: 'ES', postal_code: '08003' },
  lat: 41.38567,
  lon: 2.18062,
  color: '#3F8F4E',
  smsText: 'Fruiteria del Born: la teva comanda és a punt. Codi {code}.',
  dailyOrders: 7,
  categoryColors: { Fruit: '#E0A526', Vegetables: '#3F8F4E' },
  catalogue: [
    { name: 'Seasonal fruit box (3 kg)', category: 'Fruit', origin_price: 12, unit_price: 5.5, quantity: [5, 9], offer_type: [1], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
    { name: 'Ripe bananas (1.5 kg)', category: 'Fruit', origin_price: 3.6, unit_price: 1.65, quantity: [6, 12], offer_type: [2], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
    { name: 'Vegetable soup box', category: 'Vegetables', origin_price: 7.5, unit_price: 3.4, quantity: [4, 8], offer_type: [3], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
    { name: 'Salad bag', category: 'Vegetables', origin_price: 4.2, unit_price: 1.95, quantity: [6, 10], offer_type: [3], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
    { name: 'Imperfect tomatoes (2 kg)', category: 'Vegetables', origin_price: 6, unit_price: 2.7, quantity: [5, 9], offer_type: [2], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
    { name: 'Smoothie fruit bag', category: 'Fruit', origin_price: 5.8, unit_price: 2.65, quantity: [5, 9], offer_type: [1], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3] },
  ],
  templates: [
    { product: 'Seasonal fruit box (3 kg)', repeat_on_days: [1, 2, 3, 4, 5, 6], slot: 'evening' },
    { product: 'Vegetable soup box', repeat_on_days: [3, 6], slot: 'evening' },
  ],
  staff: [{ email: 'laia.costa@fruiteria-born.test' }],
  devices: [{ name: 'Counter phone', model: 'Google Pixel 8a' }],
  trucks: [{ name: 'Electric van', plate: '6042 MVX', capacity: 28, driver_name: 'Pau Ribas', driver_phone: '+34 677 104 663', status: 'active' }],
  pickupLocations: [
    { name: 'Mercat de Santa Caterina', address: 'Avinguda de Francesc Cambó 16, 08003 Barcelona', lat: 41.38622, lon: 2.17832, opening_hours: 'Mon–Sat 08:00–15:30', contact_name: 'Laia Costa', contact_phone: '+34 932 68 41 08' },
  ],
  deliveryStops: [
    { area: 'El Born', address: 'Carrer del Rec 20, 08003 Barcelona', lat: 41.38518, lon: 2.18256 },
    { area: 'El Born', address: 'Passeig del Born 15, 08003 Barcelona', lat: 41.38436, lon: 2.18215 },
    { area: 'Gòtic', address: 'Via Laietana 30, 08003 Barcelona', lat: 41.38536, lon: 2.17713 },
    { area: 'Sant Pere', address: 'Carrer de Sant Pere Més Alt 40, 08003 Barcelona', lat: 41.38839, lon: 2.17768 },
    { area: 'La Ribera', address: 'Carrer Comercial 5, 08003 Barcelona', lat: 41.38633, lon: 2.18358 },
    { area: 'Barceloneta', address: 'Passeig de Joan de Borbó 30, 08003 Barcelona', lat: 41.37951, lon: 2.18846 },
  ],
};

/** A big food hall and supermarket on Madrid's Gran Vía (busy-store): one large offer a day, six days a week. */
export const mercadoGranVia: StoreSpec = {
  id: 104,
  name: 'Mercado Gran Vía',
  tagline: 'The city centre’s surplus, saved every evening',
  description:
    'Food hall and supermarket on Gran Vía, open Monday to Saturday: bakery, fresh produce, deli counters and ready meals. Every day’s surplus goes out in large surprise bags and packs.',
  email: 'rescate@mercado-granvia.test',
  phone: '+34 910 48 27 30',
  address: { address_print: 'Gran Vía 46, 28013 Madrid', city: 'Madrid', country: 'ES', postal_code: '28013' },
  lat: 40.42027,
  lon: -3.70578,
  color: '#1F6F8B',
  smsText: 'Mercado Gran Vía: your order is ready at the rescue counter (ground floor). Code {code}.',
  dailyOrders: 30,
  categoryColors: { Groceries: '#5B6C8F', Bakery: '#C8893B', 'Fresh produce': '#3F8F4E', 'Ready meals': '#D0573C', Deli: '#8E5B9F' },
  catalogue: [
    { name: 'Supermarket surprise bag', category: 'Groceries', origin_price: 15, unit_price: 6.9, quantity: [46, 74], offer_type: [1], dietary_fit: [], cuisine_type: [4], business_type: [4] },
    { name: 'Bakery surprise bag', category: 'Bakery', origin_price: 10, unit_price: 4.5, quantity: [46, 74], offer_type: [1], dietary_fit: [1], cuisine_type: [1], business_type: [1, 4] },
    { name: 'Fruit & veg box (4 kg)', category: 'Fresh produce', origin_price: 12, unit_price: 5.4, quantity: [42, 62], offer_type: [1], dietary_fit: [1, 2, 3], cuisine_type: [5], business_type: [3, 4] },
    { name: 'Ready meals pack (3)', category: 'Ready meals', origin_price: 16.5, unit_price: 7.5, quantity: [36, 58], offer_type: [4], dietary_fit: [], cuisine_type: [3, 4], business_type: [4, 5] },
    { name: 'Dairy & deli bag', category: 'Deli', origin_price: 14, unit_price: 6.3, quantity: [36, 58], offer_type: [1], dietary_fit: [1], cuisine_type: [4], business_type: [4, 6] },
    { name: 'Sushi tray (16 pieces)', category: 'Ready meals', origin_price: 13, unit_price: 5.9, quantity: [32, 52], offer_type: [4], dietary_fit: [], cuisine_type: [], business_type: [4, 5] },
    { name: 'Sandwich & salad pack', category: 'Ready meals', origin_price: 9.8, unit_price: 4.45, quantity: [42, 68], offer_type: [3], dietary_fit: [], cuisine_type: [6], business_type: [2, 4] },
    { name: 'Pastry box (8)', category: 'Bakery', origin_price: 9.6, unit_price: 4.35, quantity: [42, 68], offer_type: [3], dietary_fit: [1], cuisine_type: [2], business_type: [1, 4] },
  ],
  templates: [
    { product: 'Supermarket surprise bag', repeat_on_days: [1, 2, 3, 4, 5, 6], slot: 'evening' },
    { product: 'Bakery surprise bag', repeat_on_days: [1, 2, 3, 4, 5, 6], slot: 'morning' },
    { product: 'Ready meals pack (3)', repeat_on_days: [], slot: 'evening' },
  ],
  staff: [{ email: 'marta.iglesias@mercado-granvia.test' }, { email: 'oscar.lozano@mercado-granvia.test' }, { email: 'turno.tarde@mercado-granvia.test' }],
  devices: [
    { name: 'Rescue counter till', model: 'Samsung Galaxy Tab S9 FE' },
    { name: 'Deli counter tablet', model: 'Lenovo Tab M11' },
    { name: 'Pickup scanner 1', model: 'Zebra TC22' },
    { name: 'Pickup scanner 2', model: 'Zebra TC22' },
  ],
  trucks: [
    { name: 'Van Centro', plate: '5172 LPR', capacity: 60, driver_name: 'Rubén Carrasco', driver_phone: '+34 654 118 902', status: 'active' },
    { name: 'Van Chamberí', plate: '8830 KZN', capacity: 55, driver_name: 'Nerea Gil', driver_phone: '+34 629 447 315', status: 'active' },
    { name: 'Cargo bike', plate: 'M-CB-1146', capacity: 15, driver_name: 'Iker Prieto', driver_phone: '+34 688 230 571', status: 'maintenance' },
  ],
  pickupLocations: [
    { name: 'Rescue counter, ground floor', address: 'Gran Vía 46, 28013 Madrid', lat: 40.42027, lon: -3.70578, opening_hours: 'Mon–Sat 09:00–21:30', contact_name: 'Marta Iglesias', contact_phone: '+34 910 48 27 31' },
    { name: 'Mercado de San Ildefonso lockers', address: 'Calle de Fuencarral 57, 28004 Madrid', lat: 40.42461, lon: -3.70139, opening_hours: 'Mon–Sun 10:00–22:00', contact_name: 'Óscar Lozano', contact_phone: '+34 910 48 27 32' },
  ],
  deliveryStops: [
    { area: 'Sol', address: 'Calle del Carmen 12, 28013 Madrid', lat: 40.41822, lon: -3.70464 },
    { area: 'Malasaña', address: 'Calle del Espíritu Santo 20, 28004 Madrid', lat: 40.42477, lon: -3.70432 },
    { area: 'Chueca', address: 'Calle de Hortaleza 64, 28004 Madrid', lat: 40.42352, lon: -3.69838 },
    { area: 'Chamberí', address: 'Calle de Fuencarral 120, 28010 Madrid', lat: 40.43095, lon: -3.70206 },
    { area: 'Lavapiés', address: 'Calle de Argumosa 20, 28012 Madrid', lat: 40.40818, lon: -3.69754 },
    { area: 'La Latina', address: 'Plaza de la Cebada 4, 28005 Madrid', lat: 40.41145, lon: -3.70978 },
    { area: 'Argüelles', address: 'Calle de la Princesa 40, 28008 Madrid', lat: 40.42917, lon: -3.71657 },
    { area: 'Retiro', address: 'Calle de Alcalá 80, 28009 Madrid', lat: 40.42143, lon: -3.68278 },
    { area: 'Salamanca', address: 'Calle de Goya 30, 28001 Madrid', lat: 40.42471, lon: -3.68127 },
    { area: 'Huertas', address: 'Calle de las Huertas 30, 28014 Madrid', lat: 40.41403, lon: -3.69893 },
  ],
};

/** A deli that signed up today (empty-store): a profile and nothing else yet. */
export const despensaChamberi: StoreSpec = {
  id: 105,
  name: 'La Despensa de Chamberí',
  tagline: 'Deli and grocery, new on the platform',
  description: 'Neighbourhood deli and grocery in Chamberí: cheeses, cured meats, preserves and fresh bread.',
  email: 'hola@despensa-chamberi.test',
  phone: '+34 914 47 10 62',
  address: { address_print: 'Calle de Ponzano 31, 28003 Madrid', city: 'Madrid', country: 'ES', postal_code: '28003' },
  lat: 40.44119,
  lon: -3.70238,
  color: '#8C5A3C',
  smsText: 'La Despensa de Chamberí: your order is ready. Code {code}.',
  dailyOrders: 0,
  categoryColors: {},
  catalogue: [],
  templates: [],
  staff: [],
  devices: [],
  trucks: [],
  pickupLocations: [],
  deliveryStops: [],
};
