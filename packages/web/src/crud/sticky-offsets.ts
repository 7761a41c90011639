/** Height of the console's sticky header (antd Layout.Header). */
export const CONSOLE_HEADER_HEIGHT = 64;

/** Height of an edit page's sticky title bar (title and Save buttons), below the header. */
export const EDIT_BAR_HEIGHT = 56;
