/** English messages of the requests shown on the dashboard, the projects page and the talent page. */
export const requestLinks = {
  'requestLinks.open': 'Open requests: {count}',
  'requestLinks.requestChange': 'Request a change',
  'requestLinks.requestChangeFor': 'Request a change to {name}',
  'requestLinks.title': 'Requests about this project',
  'requestLinks.none': 'No open requests about this project.',
  'requestLinks.new': 'New request about this project',
  'requestLinks.all': 'All requests about this project',
  'requestLinks.talentTitle': 'Open talent requests',
  'requestLinks.replacement': 'Request a replacement',
  'requestLinks.loading': 'Loading requests…',
  'requestLinks.error': 'The requests could not be loaded.',
};
