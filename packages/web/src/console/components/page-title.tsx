import { Col } from 'antd';
import { Heading } from './plain-typography';

/** The level-1 heading of a console page laid out as a grid of cards (dashboard, shortcuts, apps). */
export function PageTitle({ children }: { children: string }) {
  return (
    <Col span={24}>
      <Heading style={{ margin: 0, fontSize: 20 }}>{children}</Heading>
    </Col>
  );
}
