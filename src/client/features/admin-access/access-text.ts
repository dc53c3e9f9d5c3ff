/** The screens' own words where the spec has none (admin §8: "Roles and user hierarchy permission failure messages: not shown"). */
export const ACCESS_TEXT = {
  offline: 'You are offline. Administration changes are saved only online: your entries are kept here, try again when you are back online.',
  offlineNote: 'You are offline: changes cannot be saved until you are back online.',
  loadFailed: (what: string) => `The ${what} could not be loaded. Check the network and try again.`,
  cannotHold: 'You cannot grant or take away this permission: you do not hold it yourself.',
  noMailServer: 'No mail server is configured, so no email was sent: send this link to the user yourself. It works once.',
  copied: 'Link copied',
  copyFailed: 'Copy failed: select the link and copy it yourself.',
  passwordsDiffer: 'The passwords do not match.',
  hiddenSlugs: 'Also holds access outside what you can see (kept as it is):',
  globalRole: 'Changes clients, regions or roles, which reach every client: only a user with access to everything (*) can give, change or delete it.',
} as const;
