/** What's new, newest first: shown in the header's help menu beside the running version. */
export interface ReleaseNote {
  version: string;
  items: string[];
}

export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    version: '1.0.53',
    items: [
      'A dashboard: your tasks overdue, due today and later this week, your timer, the week’s hours, requests waiting for you, unread mentions and recent changes to what you are on.',
      'The header fits a phone: search opens from its icon across the header, and the menu button is always on screen.',
      'The week’s hours in the header are labelled and open the week day by day.',
      'Search finds plans, tasks, people, clients and requests as you type (press /).',
      'Comments with mentions, replies and scheduled sending; files on tasks and requests.',
      'The app now ships its own typeface (Inter), so it looks the same on every computer.',
    ],
  },
];
