/** English messages of the projects page. */
export const projects = {
  'projects.loading': 'Loading your projects…',
  'projects.controls': 'Project, range and grouping',
  'projects.picker': 'Project',
  'projects.option': '{name} ({key})',
  'projects.unknown':
    'The link asked for project “{requested}”, which is not one of your projects with analytics. Showing {project} instead.',
  'projects.empty.title': 'No projects with delivery analytics yet',
  'projects.empty.body':
    'Delivery figures appear here once one of your projects is connected to analytics. Your account manager can set this up.',
  'projects.error': 'Your projects could not be loaded',
  'projects.error.body': 'The list of your projects did not arrive. Please try again.',
};
