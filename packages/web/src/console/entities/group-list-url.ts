/**
 * Where Save & Exit of a group returns: the group list or the group tree it was opened from, each
 * recording its address under this sessionStorage key.
 */
export const GROUP_LIST_URL_KEY = 'groupListUrl';
