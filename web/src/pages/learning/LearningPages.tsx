/**
 * 在线学习's screens: 课程 (the generic list, each course's 章节 in a drawer), 我的课程 (my courses with my credited 学时
 * this year, and 学时记录 — the enterprise's people against the yearly requirement, exportable; a person's own row
 * only) and the study screen at the spec's /learningvideo/{course}/{subject}/{chapter} (./StudyPage.tsx).
 */
import { useState } from 'react';
import { Alert, Button, Card, Drawer, Empty, List, Progress, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { hoursOf } from '@dg/core';
import { ResourcePage } from '../../components/resource';
import type { Row } from '../../components/resource/types';
import { getCourse, getMyCourses, studyPath, type MyCourse } from './api';

/** 课程: the list, and a course's chapters in a drawer */
export function CoursePage() {
  const [open, setOpen] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage resourceKey="course" extraActions={(row) => <Button type="link" size="small" onClick={() => setOpen(row)}>章节</Button>} />
      <Drawer open={!!open} size={900} title={open ? `章节 — ${String(open.name)}` : ''} onClose={() => setOpen(null)} destroyOnHidden>
        {open && <ResourcePage resourceKey="courseChapter" parent={{ field: 'courseId', id: String(open.id) }} title="章节" />}
      </Drawer>
    </>
  );
}

const share = (done: number, of: number) => (of > 0 ? Math.min(100, Math.floor((done / of) * 100)) : 0);

function CourseChapters({ course }: { course: MyCourse }) {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['learning', 'course', course.id], queryFn: () => getCourse(course.id) });
  if (!q.data) return <Skeleton active />;
  const c = q.data;
  return (
    <List size="small" dataSource={c.chapters} renderItem={(ch) => (
      <List.Item data-testid={`chapter-${ch.title}`} actions={[
        <Button key="go" type="link" onClick={() => navigate(studyPath(c.id, c.subjectId, ch.id))}>{ch.watchedSeconds > 0 ? '继续学习' : '学习'}</Button>,
      ]}>
        <List.Item.Meta title={<Space><Tag color={ch.kind === '视频' ? 'blue' : 'purple'}>{ch.kind}</Tag>{ch.title}{ch.done && <Tag color="success">已学完</Tag>}</Space>}
          description={`学时 ${ch.minutes} 分钟 · 已计 ${ch.creditedMinutes} 分钟`} />
        <Progress percent={share(ch.watchedSeconds, ch.durationSeconds)} size="small" style={{ width: 160 }} />
      </List.Item>
    )} />
  );
}

function MyCourseList() {
  const q = useQuery({ queryKey: ['learning', 'my'], queryFn: getMyCourses });
  const [open, setOpen] = useState<string | null>(null);
  if (!q.data) return <Skeleton active />;
  const d = q.data;
  const hours = hoursOf(d.creditedMinutes);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {d.notice && <Alert type="info" showIcon message={d.notice} />}
      {d.linked && (
        <Card size="small" data-testid="my-hours">
          <Space size="large" wrap>
            <Typography.Text>{d.year}年度已获学时：<Typography.Text strong>{hours}</Typography.Text> 小时</Typography.Text>
            <Typography.Text>年度要求：{d.requiredHours} 小时</Typography.Text>
            <Progress percent={share(hours, d.requiredHours)} style={{ width: 240 }} />
          </Space>
        </Card>
      )}
      {d.courses.length === 0 ? <Empty description="暂无适用于您岗位的课程" /> : (
        <List grid={{ gutter: 16, column: 1 }} dataSource={d.courses} renderItem={(k) => (
          <List.Item>
            <Card size="small" title={<Space><Tag>{k.subjectName}</Tag>{k.name}</Space>} data-testid={`course-${k.name}`}
              extra={<Button type="link" onClick={() => setOpen(open === k.id ? null : k.id)}>{open === k.id ? '收起' : '章节'}</Button>}>
              <Space size="large" wrap>
                <span>{k.chapterCount} 个章节 · 学时 {k.totalMinutes} 分钟</span>
                <span>已学完 {k.doneChapters} 章 · 已计 {k.creditedMinutes} 分钟</span>
                <Progress percent={share(k.creditedMinutes, k.totalMinutes)} size="small" style={{ width: 200 }} />
              </Space>
              {k.description && <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>{k.description}</Typography.Paragraph>}
              {open === k.id && <CourseChapters course={k} />}
            </Card>
          </List.Item>
        )} />
      )}
    </Space>
  );
}

/** 我的课程: my courses; 学时记录 for the inspectors (a person's own row, a manager's whole enterprise) */
export function MySubjectPage() {
  return (
    <Card>
      <Tabs items={[
        { key: 'my', label: '我的课程', children: <MyCourseList /> },
        { key: 'record', label: '学时记录', children: <ResourcePage resourceKey="learningRecord" title="学时记录" /> },
      ]} />
    </Card>
  );
}
