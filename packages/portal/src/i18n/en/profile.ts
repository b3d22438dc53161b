/** English messages of the profile settings page. */
export const profile = {
  'page.profile.loading': 'Loading your profile…',
  'page.profile.error': 'Your profile could not be loaded.',
  'page.profile.notGiven': 'Not given',
  'page.profile.fromCrm': 'To change these details, contact your account manager.',
  'page.profile.you.title': 'Your details',
  'page.profile.you.name': 'Name',
  'page.profile.you.jobTitle': 'Job title',
  'page.profile.you.email': 'Email',
  'page.profile.you.phone': 'Phone',
  'page.profile.company.title': 'Your company',
  'page.profile.company.website': 'Website',
  'page.profile.company.customerNumber': 'Customer number',
  'page.profile.settings.title': 'Portal settings',
  'page.profile.settings.description':
    'Kept in this browser, and the same as in the navigation’s display settings.',
  'page.profile.navigation': 'Navigation',
  'page.profile.navigation.mini': 'Compact navigation',
  'page.profile.navigation.miniHelp':
    'On large screens the navigation shows only its icons and opens while you point at it.',
  'page.profile.language': 'Language',
  'page.profile.language.note': 'The portal uses the language of the site it is part of.',
  'page.profile.session.title': 'Session',
  'page.profile.session.signedInAs': 'Signed in as {email}.',
};
