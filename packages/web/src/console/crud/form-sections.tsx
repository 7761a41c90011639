import type { EntityDefinition } from '@gatehouse/entities';
import { Anchor, Card, Flex, Skeleton, Typography } from 'antd';
import { type ComponentType, type ReactNode, startTransition, useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import type { SectionExtraProps } from '../entities/ui-types';
import { EDIT_BAR_HEIGHT, useConsoleHeaderHeight } from './sticky-offsets';

interface Props {
  def: EntityDefinition<any>;
  /** The fields the form shows (hidden ones and those its overrides hide already left out). */
  fields: string[];
  renderField: (field: string) => ReactNode;
  extras?: Record<string, ComponentType<SectionExtraProps>>;
  extraProps: SectionExtraProps;
  /** Show the in-page section navigation beside the sections (wide screens). */
  navigation: boolean;
}

/** Sections rendered with the page; the others fill in right after (large forms show sooner). */
const FIRST_SECTIONS = 2;

export const sectionId = (entity: string, key: string) => `${entity}-section-${key}`;

/**
 * A large edit form in the titled sections its definition declares (`formSections`), each a card
 * with a level-2 heading, plus a sticky navigation that scrolls to a section and moves the focus
 * to its heading (so keyboard users continue there). The fields of later sections mount in a
 * transition after the first paint; until then the form store holds their values.
 */
export function FormSections({ def, fields, renderField, extras, extraProps, navigation }: Props) {
  const { t } = useTranslation();
  // The console header and the edit page's title bar, both sticky, which a scrolled-to section must clear.
  const headerOffset = useConsoleHeaderHeight() + EDIT_BAR_HEIGHT + 16;
  const [complete, setComplete] = useState(false);
  useEffect(() => startTransition(() => setComplete(true)), []);
  const shown = new Set(fields);
  const sections = (def.formSections ?? [])
    .map((section) => ({
      key: section.key,
      title: t(`${def.name}.section.${section.key}`),
      fields: section.fields.filter((field) => shown.has(field)),
    }))
    // A section whose fields are all hidden (see EntityOverrides.fieldVisible) is left out.
    .filter((section) => section.fields.length > 0 || extras?.[section.key]);

  const cards = (
    <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
      {sections.map((section, index) => {
        const Extra = extras?.[section.key];
        const headingId = `${sectionId(def.name, section.key)}-title`;
        return (
          <Card
            key={section.key}
            id={sectionId(def.name, section.key)}
            type="inner"
            role="region"
            aria-labelledby={headingId}
            title={
              <Typography.Title level={2} id={headingId} tabIndex={-1} style={{ margin: 0, fontSize: 16 }}>
                {section.title}
              </Typography.Title>
            }
          >
            {complete || index < FIRST_SECTIONS ? (
              <>
                {section.fields.map(renderField)}
                {Extra && <Extra {...extraProps} />}
              </>
            ) : (
              <Skeleton active />
            )}
          </Card>
        );
      })}
    </Flex>
  );
  if (!navigation) return <div style={{ marginBottom: 24 }}>{cards}</div>;

  return (
    <Flex gap={24} align="flex-start" style={{ marginBottom: 24 }}>
      {cards}
      <nav aria-label={t('general.sections')} style={{ width: 230, flex: 'none' }}>
        <Anchor
          offsetTop={headerOffset}
          targetOffset={headerOffset + 8}
          items={sections.map((section) => ({
            key: section.key,
            href: `#${sectionId(def.name, section.key)}`,
            title: section.title,
          }))}
          onClick={(event, link) => {
            // Scroll (done by the anchor) without adding history entries; move the focus along.
            event.preventDefault();
            document.getElementById(`${link.href.slice(1)}-title`)?.focus({ preventScroll: true });
          }}
        />
      </nav>
    </Flex>
  );
}
