/**
 * 正文 editor (tiptap starter kit): a small toolbar, HTML out. The server sanitises what it receives
 * (server/src/modules/admin/content.ts), so this is a convenience, not a safeguard.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Divider, Space, Tooltip } from 'antd';
import {
  BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { modal } from '../app/antdStatic';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
}

const isSafeLink = (href: string) => /^(https?:|mailto:|tel:)/i.test(href);

export default function RichTextEditor({ value, onChange, disabled }: RichTextEditorProps) {
  // what the form holds: only a real change of the text is reported (no spurious "请输入正文" on opening)
  const last = useRef(value ?? '');
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], isAllowedUri: (url) => isSafeLink(url) } })],
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      if (html === last.current) return;
      last.current = html;
      onChange?.(html);
    },
  });
  // a value loaded after mount (editing an existing item) replaces the content once
  useEffect(() => {
    // an editor torn down and made again (a remount under Suspense) must not be read: its schema is gone
    if (!editor || editor.isDestroyed || value === undefined) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current && value !== last.current) {
      last.current = value;
      editor.commands.setContent(value || '', { emitUpdate: false });
    }
  }, [editor, value]);
  useEffect(() => { if (editor && !editor.isDestroyed) editor.setEditable(!disabled); }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => e ? {
      bold: e.isActive('bold'), italic: e.isActive('italic'), underline: e.isActive('underline'), strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }), h3: e.isActive('heading', { level: 3 }), bullet: e.isActive('bulletList'), ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'), link: e.isActive('link'), canUndo: e.can().undo(), canRedo: e.can().redo(),
    } : null,
  });

  const setLink = () => {
    if (!editor) return;
    if (state?.link) { editor.chain().focus().unsetLink().run(); return; }
    let href = '';
    modal().confirm({
      title: '插入链接',
      content: <input style={{ width: '100%', padding: 4 }} placeholder="https://" autoFocus onChange={(e) => { href = e.target.value.trim(); }} />,
      okText: '确定', cancelText: '取消',
      onOk: () => {
        if (!isSafeLink(href)) return Promise.reject(new Error('请输入以http和https开头的网址'));
        editor.chain().focus().extendMarkRange('link').setLink({ href, target: '_blank' }).run();
        return undefined;
      },
    });
  };

  const btn = (title: string, active: boolean | undefined, onClick: () => void, icon: ReactNode, disabledBtn = false) => (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={onClick} disabled={disabled || disabledBtn} aria-label={title} />
    </Tooltip>
  );
  const text = (title: string, active: boolean | undefined, onClick: () => void, label: string) => (
    <Tooltip title={title}><Button size="small" type={active ? 'primary' : 'text'} onClick={onClick} disabled={disabled}>{label}</Button></Tooltip>
  );

  return (
    <div className="dg-rich-text" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      {editor && (
        <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
          {btn('粗体', state?.bold, () => editor.chain().focus().toggleBold().run(), <BoldOutlined />)}
          {btn('斜体', state?.italic, () => editor.chain().focus().toggleItalic().run(), <ItalicOutlined />)}
          {btn('下划线', state?.underline, () => editor.chain().focus().toggleUnderline().run(), <UnderlineOutlined />)}
          {btn('删除线', state?.strike, () => editor.chain().focus().toggleStrike().run(), <StrikethroughOutlined />)}
          <Divider orientation="vertical" />
          {text('二级标题', state?.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'H2')}
          {text('三级标题', state?.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run(), 'H3')}
          {btn('无序列表', state?.bullet, () => editor.chain().focus().toggleBulletList().run(), <UnorderedListOutlined />)}
          {btn('有序列表', state?.ordered, () => editor.chain().focus().toggleOrderedList().run(), <OrderedListOutlined />)}
          {text('引用', state?.quote, () => editor.chain().focus().toggleBlockquote().run(), '“ ”')}
          {btn(state?.link ? '取消链接' : '插入链接', state?.link, setLink, <LinkOutlined />)}
          {text('分隔线', false, () => editor.chain().focus().setHorizontalRule().run(), '—')}
          <Divider orientation="vertical" />
          {btn('撤销', false, () => editor.chain().focus().undo().run(), <UndoOutlined />, !state?.canUndo)}
          {btn('重做', false, () => editor.chain().focus().redo().run(), <RedoOutlined />, !state?.canRedo)}
        </Space>
      )}
      <EditorContent editor={editor} className="dg-rich-text-content" style={{ minHeight: 320, padding: '8px 12px', cursor: 'text' }} />
      <style>{'.dg-rich-text-content .tiptap{min-height:300px;outline:none}.dg-rich-text-content .tiptap blockquote{border-left:3px solid #ddd;margin:0;padding-left:12px;color:#666}'}</style>
    </div>
  );
}
