/** English messages of a request's state (the five customer labels, the due state) and the section's notices: wherever requests are shown. */
export const requestLabels = {
  'requests.label.submitted': 'Submitted',
  'requests.label.in_progress': 'In progress',
  'requests.label.waiting_for_you': 'Waiting for you',
  'requests.label.resolved': 'Resolved',
  'requests.label.closed': 'Closed',
  'requests.due.on_track': 'On track',
  'requests.due.at_risk': 'At risk',
  'requests.due.overdue': 'Overdue',
  'requests.toast.close': 'Close notice',
  'requests.toast.region': 'Request notices',
};
