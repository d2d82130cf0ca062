/**
 * English, part one: what the pages before sign-in need (sign in, the cookie notice, the error
 * pages, page titles, the session's messages). It ships with every page; the rest of the console's
 * English (en-console.ts) is fetched with the first page beyond sign-in, so the sign-in page does
 * not download it (docs/decisions/015). en.ts joins the two into the reference catalogue.
 */
export const enPublic = {
  'app.name': 'Store Console',
  'app.loading': 'Loading',

  // Sign-in
  'auth.signIn.title': 'Sign in',
  'auth.signIn.subtitle': 'Manage your offers, orders and store.',
  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.showPassword': 'Show password',
  'auth.hidePassword': 'Hide password',
  'auth.signIn.submit': 'Sign in',
  'auth.signIn.submitting': 'Signing in…',
  'auth.signIn.register': 'Create an account',
  'auth.signIn.noAccount': 'New to the platform?',
  'auth.signIn.recovery': 'Forgot your password?',
  'auth.signIn.invalid': 'Invalid e-mail or password',
  'auth.signIn.unavailable': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth.signIn.unreadable': 'The server sent an answer this console does not understand. Please try again later; if it persists, contact support.',
  'auth.validation.emailRequired': 'Enter your e-mail',
  'auth.validation.emailInvalid': 'Enter a valid e-mail address',
  'auth.validation.passwordRequired': 'Enter your password',
  'auth.demo.title': 'Demo account',
  'auth.demo.body': 'This console runs on its built-in mock backend. Sign in as {email} with the password {password}.',
  'auth.demo.fill': 'Use demo account',
  'auth.register.title': 'Create an account',
  'auth.recovery.title': 'Recover your password',
  'auth.validate.title': 'Validate your e-mail',
  'auth.backToSignIn': 'Back to sign in',
  'session.expired': 'Your session has expired. Please sign in again.',

  // Page titles
  'page.overview': 'Overview',
  'page.offers': 'Offers',
  'page.offerCreate': 'New offer',
  'page.offerEdit': 'Edit offer',
  'page.templates': 'Offer templates',
  'page.templateCreate': 'New template',
  'page.templateEdit': 'Edit template',
  'page.orders': 'Orders',
  'page.order': 'Order #{id}',
  'page.trucks': 'Trucks',
  'page.truckCreate': 'New truck',
  'page.truckEdit': 'Edit truck',
  'page.pickups': 'Pickup locations',
  'page.pickupCreate': 'New pickup location',
  'page.pickupEdit': 'Edit pickup location',
  'page.accounts': 'User/Devices',
  'page.deliveryOrders': 'Delivery orders',
  'page.deliveryOrder': 'Delivery order #{id}',
  'page.managementInfo': 'Management Information',
  'page.reviews': 'Reviews',
  'page.review': 'Review of order #{id}',
  'page.profile': 'Profile',
  'page.settings': 'Settings',
  'page.summary': 'Account Summary',
  'page.deliveryMap': 'Delivery Map',
  'page.synchronization': 'Synchronization',
  'page.counter': 'Counter mode',
  'page.signIn': 'Sign in',

  // Errors
  'errors.404.title': 'Page not found',
  'errors.404.body': 'The page you were looking for does not exist or has moved.',
  'errors.401.title': 'Not allowed',
  'errors.401.body': 'Your role does not give access to this page. Switch role or ask a store admin.',
  'errors.500.title': 'Something went wrong',
  'errors.500.body': 'The console hit an unexpected problem. Please try again in a moment.',
  'errors.goHome': 'Go to the overview',
  'errors.config.title': 'The console is not configured',
  'errors.config.body': 'Fix these settings in the environment (see .env.example) and reload:',

  'errors.config.missing': 'is missing',
  'errors.config.empty': 'is empty',
  'errors.config.notUrl': 'must be an absolute http(s) URL',
  'errors.config.notBackend': 'must be "mock" or "live"',
  'errors.config.notPath': 'must be a path of the API, starting with /',
  // Cookie consent
  'consent.text': 'We use cookies and local storage to keep you signed in and to remember your preferences.',
  'consent.agree': 'I agree',
  'consent.label': 'Cookie consent',

  // Demo menu (mock mode only)
  'demo.menu': 'Demo',
  'demo.menuLabel': 'Demo menu: scenario {scenario}',
  'demo.activeFaults': '{count} active',

  // Snackbar
  'snackbar.close': 'Close message',
  'common.successfullySaved': 'Successfully saved',
  // --- maps ---
  'maps.config.notTileUrl': 'must be an XYZ tile URL template with {z}, {x} and {y}',
  'register.verified.signInNote': 'Your e-mail is verified. Sign in to open your store.',
} as const;
