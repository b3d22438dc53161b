/** English messages of the home page. */
export const home = {
  // home page
  'home.welcome': 'Welcome.',
  'home.welcomeName': 'Welcome, {name}.',
  'home.lead': 'Here is what your portal offers and where to find it.',
  'home.leadCompany': 'Here is what the portal offers {company} and where to find it.',
  'home.steps.title': 'Find your way around',
  'home.step.dashboard': 'Your subscriptions, their renewal dates and how your projects are delivering.',
  'home.step.requests': 'Ask your service team for anything and follow your requests to the answer.',
  'home.step.projects': 'Delivery analytics per project: deployments, lead time, failures and recovery.',
  'home.step.myTeams': 'The people working for you, by team, with their roles and how to reach them.',
  'home.step.talent': 'The talent working with you, and the specialists available to join.',
  'home.step.aiAgents': 'How your teams use AI coding assistants, beside how they deliver.',
  'home.step.account': 'Your company details, contracts and other documents to download.',
  'home.step.knowledgeBase': 'Guides and answers about working with us.',
  'home.step.profile': 'Your details, colour mode, language and navigation.',
  'home.help.title': 'Questions?',
  'home.help.manager': '{name}, your account manager, is there to help.',
  'home.help.noManager': 'Your account manager will be named here once one is assigned.',
  'home.help.knowledgeBase': 'Browse the knowledge base',
};
