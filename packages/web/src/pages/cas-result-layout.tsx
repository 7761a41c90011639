import { Flex, Layout } from 'antd';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../shell/language-menu';

/** The frame of the CAS pages' outcomes (signed in, signed out): the language menu, then the result centred. */
export function CasResultLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="flex-end" style={{ padding: 8 }}>
        <LanguageMenu />
      </Flex>
      <Flex vertical justify="center" style={{ flex: 1, padding: '0 12px 8vh' }}>
        {children}
      </Flex>
    </Layout>
  );
}
