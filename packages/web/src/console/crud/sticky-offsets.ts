import { createContext, useContext } from 'react';

/** Height of the console's header bar (antd Layout.Header). */
export const CONSOLE_HEADER_HEIGHT = 64;

/** Height of the header's second row, the menu's, at widths where the menu does not fit beside the widgets. */
export const CONSOLE_MENU_ROW_HEIGHT = 47;

/** Height of an edit page's sticky title bar (title and Save buttons), below the header. */
export const EDIT_BAR_HEIGHT = 56;

/** The sticky header's height as the layout renders it (one row, or two at tablet widths). */
export const ConsoleHeaderHeight = createContext(CONSOLE_HEADER_HEIGHT);

export function useConsoleHeaderHeight(): number {
  return useContext(ConsoleHeaderHeight);
}
