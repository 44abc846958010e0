import { type Block, type Inline, parseMarkdown } from '@erapor/contract/markdown';
import { Anchor, Blockquote, Code, Divider, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';

/**
 * Release notes as React elements (contract `markdown.ts`): there is no HTML to inject — text is
 * text, so an `<script>` in CHANGELOG.md or in the update feed's notes shows as written. Links open
 * in a new tab without the referrer. Headings start at `minOrder` (the page and its cards own the
 * levels above).
 */
export function MarkdownView({ text, minOrder = 4 }: { text: string; minOrder?: TitleOrder }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <Stack gap="xs" className="er-markdown">
      {renderBlocks(blocks, minOrder)}
    </Stack>
  );
}

function renderBlocks(blocks: Block[], minOrder: TitleOrder): ReactNode[] {
  return blocks.map((b, i) => {
    const key = `${b.type}-${i}`;
    switch (b.type) {
      case 'heading':
        return (
          <Title
            key={key}
            order={Math.min(6, Math.max(minOrder, b.level + 1)) as TitleOrder}
            size="h5"
            mt="xs"
          >
            {renderInline(b.children)}
          </Title>
        );
      case 'paragraph':
        return (
          <Text key={key} style={{ whiteSpace: 'pre-line' }}>
            {renderInline(b.children)}
          </Text>
        );
      case 'list':
        return (
          <List key={key} type={b.ordered ? 'ordered' : 'unordered'} spacing={4} withPadding>
            {b.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of a parsed text have no identity
              <List.Item key={j}>
                <Stack gap={4}>{renderBlocks(item, minOrder)}</Stack>
              </List.Item>
            ))}
          </List>
        );
      case 'code':
        return (
          <Code key={key} block>
            {b.text}
          </Code>
        );
      case 'quote':
        return (
          <Blockquote key={key} p="sm">
            <Stack gap="xs">{renderBlocks(b.children, minOrder)}</Stack>
          </Blockquote>
        );
      default:
        return <Divider key={key} />;
    }
  });
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    const key = `${n.type}-${i}`;
    switch (n.type) {
      case 'text':
        return n.text;
      case 'code':
        return <Code key={key}>{n.text}</Code>;
      case 'strong':
        return <strong key={key}>{renderInline(n.children)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(n.children)}</em>;
      default:
        return (
          <Anchor key={key} href={n.href} target="_blank" rel="noopener noreferrer">
            {renderInline(n.children)}
          </Anchor>
        );
    }
  });
}
