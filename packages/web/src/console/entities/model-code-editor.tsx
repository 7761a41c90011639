import { StreamLanguage } from '@codemirror/language';
import { properties } from '@codemirror/legacy-modes/mode/properties';
import CodeMirror from '@uiw/react-codemirror';
import { theme } from 'antd';

/** The INI-like syntax of casbin models ([sections], key = value, # comments), highlighted. */
const modelLanguage = StreamLanguage.define(properties);

interface Props {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  label: string;
}

/** CodeMirror 6 over a model text; loaded only with the model edit page (its own chunk). */
export default function ModelCodeEditor({ id, value, onChange, disabled, label }: Props) {
  const { token } = theme.useToken();
  const dark = token.colorBgContainer !== '#ffffff';
  return (
    <CodeMirror
      id={id}
      value={value}
      onChange={onChange}
      editable={!disabled}
      readOnly={disabled}
      theme={dark ? 'dark' : 'light'}
      extensions={[modelLanguage]}
      minHeight="240px"
      maxHeight="520px"
      aria-label={label}
      basicSetup={{ foldGutter: false, autocompletion: false, closeBrackets: false }}
      style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius, fontSize: 13 }}
    />
  );
}
