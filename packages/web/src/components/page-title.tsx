import { Col, Typography } from 'antd';

/** The level-1 heading of a console page laid out as a grid of cards (dashboard, shortcuts, apps). */
export function PageTitle({ children }: { children: string }) {
  return (
    <Col span={24}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {children}
      </Typography.Title>
    </Col>
  );
}
