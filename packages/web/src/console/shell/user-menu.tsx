import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { isSafeLink } from '@gatehouse/entities/plain';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { type Account, useLogout } from '../auth/account';

/** The header's account button: My Account (not while an MFA setup is required) and Logout. */
export function UserMenu({ account, compact, setupRequired }: { account: Account; compact: boolean; setupRequired: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = account;
  const name = user.displayName || user.name;
  const items: MenuProps['items'] = [
    ...(setupRequired ? [] : [{ key: 'account', icon: <SettingOutlined aria-hidden />, label: t('general.myAccount') }]),
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('general.logout') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') void navigate('/account');
    else void logout();
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button type="text" aria-label={t('general.userMenu', { name })} style={{ paddingInline: 4 }}>
        <Avatar
          size="small"
          src={user.avatar && isSafeLink(user.avatar, true) ? user.avatar : undefined}
          icon={<UserOutlined aria-hidden />}
          alt=""
        />
        {!compact && <span>{name}</span>}
      </Button>
    </Dropdown>
  );
}
