import { Button, type ButtonProps, type MenuProps } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';

const DropdownMenu = lazy(() => import('./dropdown-menu'));

type Props = Omit<ButtonProps, 'onClick'> & {
  /** The menu the button opens (antd's Dropdown `menu`). */
  menu: MenuProps;
};

/**
 * A button that opens a menu on click (antd's Dropdown), whose code (the Dropdown and the Menu,
 * about 20 kB gzip) loads at the first opening: the sign-in pages show a language button to every
 * visitor and few open it. Until then the button alone, the same to see, to read and to focus.
 */
export function MenuButton({ menu, ...button }: Props) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The button in the loaded Dropdown is a new element: it takes the focus over from the first one.
  const hadFocus = useRef(false);

  if (!wanted)
    return (
      <Button
        {...button}
        onClick={(event) => {
          hadFocus.current = document.activeElement === event.currentTarget;
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  return (
    <Suspense fallback={<Button {...button} />}>
      <DropdownMenu menu={menu} open={open} onOpenChange={setOpen}>
        <Button
          {...button}
          ref={(node) => {
            if (!node || !hadFocus.current) return;
            hadFocus.current = false;
            node.focus();
          }}
        />
      </DropdownMenu>
    </Suspense>
  );
}
