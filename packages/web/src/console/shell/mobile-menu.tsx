import { Drawer, Menu, type MenuProps } from 'antd';
import { useTranslation } from '../../shared/i18n/i18n';
import { OrganizationPicker } from './organization-picker';

interface Props {
  open: boolean;
  onClose: () => void;
  showOrganizations: boolean;
  /** The header menu's items, selection and click handler. */
  menuProps: MenuProps;
}

/** The console menu on a phone: a drawer from the left with the organization picker and the menu. */
export default function MobileMenu({ open, onClose, showOrganizations, menuProps }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('general.menu')} placement="left" open={open} onClose={onClose} size={280}>
      {showOrganizations && (
        <div style={{ marginBottom: 12 }}>
          <OrganizationPicker width="100%" />
        </div>
      )}
      <nav aria-label={t('general.menu')}>
        <Menu mode="inline" style={{ borderInlineEnd: 'none' }} {...menuProps} />
      </nav>
    </Drawer>
  );
}
