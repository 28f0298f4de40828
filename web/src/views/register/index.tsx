/**
 * /userRegister (MODULES.md §0): 企业注册 without login. Creates a pending application that the
 * government side audits under 企业车辆审核; the applicant is told 已提交，等待审核.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Result, Row } from 'antd';
import { Link } from 'react-router';
import { register, type RegisterForm } from '../../api/auth.ts';
import { loadPublicConfig } from '../../app/session.ts';
import DictSelect from '../../components/DictSelect.tsx';
import RegionCascader from '../../components/RegionCascader.tsx';
import { useSettingsStore } from '../../store/settings.ts';
import { required, ruleOf } from '../../utils/validate.ts';
import { enterpriseLogo } from '../../assets/logos.ts';
import { useSave } from '../../components/resource/useSave.ts';
import '../login/login.css';

type Values = RegisterForm & { confirm: string };

export default function UserRegister() {
  const [form] = Form.useForm<Values>();
  const title = useSettingsStore((s) => s.title);
  const { save, saving: submitting } = useSave(register, { then: () => setDone(true) });
  const [done, setDone] = useState(false);
  useEffect(() => {
    void loadPublicConfig();
  }, []);

  // a refusal: the request client showed the server's message
  const onFinish = ({ confirm: _confirm, ...values }: Values) => save({ ...values, name: values.name.trim(), username: values.username.trim() });

  return (
    <div className="login-container" data-testid="register-page">
      <div className="login-box" style={{ width: 760 }}>
        <div className="login-head">
          <img src={enterpriseLogo} alt="" />
          <div>
            <h1>{title}</h1>
            <h2>企业注册</h2>
          </div>
        </div>
        <Card>
          {done ? (
            <Result
              status="success"
              title="已提交，等待审核"
              subTitle="注册申请已提交，主管部门审核通过后即可使用管理员账号登录。"
              extra={<Link to="/login"><Button type="primary">返回登录</Button></Link>}
              data-testid="register-done"
            />
          ) : (
            <Form<Values> form={form} layout="vertical" onFinish={onFinish} data-testid="register-form" scrollToFirstError>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item label="企业名称" name="name" rules={[required('企业名称'), { max: 100, message: '企业名称不超过100个字符' }]}>
                    <Input placeholder="与营业执照一致" data-testid="register-enterpriseName" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="统一社会信用代码"
                    name="creditCode"
                    normalize={(v: string) => (v ?? '').toUpperCase().trim()}
                    rules={[required('统一社会信用代码'), ruleOf('creditCode')]}
                  >
                    <Input maxLength={18} placeholder="18位统一社会信用代码" data-testid="register-creditCode" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="道路运输经营许可证号" name="licenceNo" rules={[required('道路运输经营许可证号'), { max: 50, message: '许可证号不超过50个字符' }]}>
                    <Input data-testid="register-licenceNo" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="经营范围" name="businessScope" rules={[{ required: true, type: 'array', min: 1, message: '请选择经营范围' }]}>
                    <DictSelect type="businessScope" multiple placeholder="请选择经营范围" data-testid="register-businessScope" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="所在地区" name="regionCode" rules={[required('所在地区', '请选择')]}>
                    <RegionCascader placeholder="请选择所在地区" data-testid="register-region" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="详细地址" name="address" rules={[required('详细地址'), ruleOf('text255')]}>
                    <Input data-testid="register-address" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="联系人" name="contact" rules={[required('联系人'), { max: 20, message: '联系人不超过20个字符' }]}>
                    <Input data-testid="register-contact" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="联系电话" name="phone" rules={[required('联系电话'), ruleOf('mobile')]}>
                    <Input maxLength={11} placeholder="手机号码" data-testid="register-phone" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="管理员账号" name="username" rules={[required('管理员账号'), ruleOf('alnum20')]}>
                    <Input autoComplete="username" data-testid="register-username" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item label="密码" name="password" rules={[required('密码'), ruleOf('password')]}>
                    <Input.Password autoComplete="new-password" data-testid="register-password" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    label="确认密码"
                    name="confirm"
                    dependencies={['password']}
                    rules={[
                      required('确认密码', '请输入'),
                      ({ getFieldValue }) => ({
                        validator: (_r, v: string) =>
                          !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
                      }),
                    ]}
                  >
                    <Input.Password autoComplete="new-password" data-testid="register-confirm" />
                  </Form.Item>
                </Col>
              </Row>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Link to="/login">已有账号？返回登录</Link>
                <Button type="primary" htmlType="submit" loading={submitting} data-testid="register-submit">
                  提交注册
                </Button>
              </div>
            </Form>
          )}
        </Card>
      </div>
    </div>
  );
}
