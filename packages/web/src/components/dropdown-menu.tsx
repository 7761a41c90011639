import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';

interface Props {
  menu: MenuProps;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu. */
  children: ReactElement;
}

/** antd's Dropdown opened by a click, in a chunk of its own (loaded by MenuButton at the first opening). */
export default function DropdownMenu({ menu, open, onOpenChange, children }: Props) {
  return (
    <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={(next) => onOpenChange(next)}>
      {children}
    </Dropdown>
  );
}
