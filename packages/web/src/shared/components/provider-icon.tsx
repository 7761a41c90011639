import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import GithubOutlined from '@ant-design/icons-svg/es/asn/GithubOutlined';
import GoogleOutlined from '@ant-design/icons-svg/es/asn/GoogleOutlined';
import WalletOutlined from '@ant-design/icons-svg/es/asn/WalletOutlined';
import WindowsOutlined from '@ant-design/icons-svg/es/asn/WindowsOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { Icon } from '../plain/icon';
import type { SigninProvider } from './signin-providers';

const TYPE_ICONS: Record<string, IconDefinition> = {
  GitHub: GithubOutlined,
  Google: GoogleOutlined,
  AzureAD: WindowsOutlined,
  MetaMask: WalletOutlined,
};

/** The icon of a provider: its own logo, else its type's. */
export function ProviderIcon({ provider, size = 18 }: { provider: Pick<SigninProvider, 'type' | 'logo'>; size?: number }) {
  if (provider.logo) return <img src={provider.logo} alt="" width={size} height={size} style={{ objectFit: 'contain' }} />;
  return <Icon icon={TYPE_ICONS[provider.type] ?? ApiOutlined} style={{ fontSize: size }} />;
}
