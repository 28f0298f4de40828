/** The attachments of a field as download links (detail view, table cells). */
import { PaperClipOutlined } from '@ant-design/icons';
import { attachmentUrl, toFileRefs } from './format';
import { openAttachment } from './attachments';

export default function AttachmentLinks({ value, inline }: { value: unknown; inline?: boolean }) {
  const files = toFileRefs(value);
  if (!files.length) return null;
  return (
    <span style={{ display: 'inline-flex', flexDirection: inline ? 'row' : 'column', flexWrap: 'wrap', gap: inline ? 12 : 4 }}>
      {files.map((f) => (
        <a
          key={f.id}
          href={attachmentUrl(f.id)}
          onClick={(e) => {
            e.preventDefault();
            void openAttachment(f);
          }}
        >
          <PaperClipOutlined /> {f.name}
        </a>
      ))}
    </span>
  );
}
