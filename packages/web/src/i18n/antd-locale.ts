import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';

/** antd's own texts (pagination, empty tables, popconfirm ...) in the console's language. */
export function useAntdLocale() {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? zhCN : enUS;
}
