import { UploadOutlined } from '@ant-design/icons';
import { BUILT_IN_APPLICATION } from '@gatehouse/entities/plain';
import { App, Button, Flex, Input, Modal, Typography } from 'antd';
import Cropper from 'cropperjs';
import 'cropperjs/dist/cropper.css';
import { useEffect, useRef, useState } from 'react';
import { unwrap } from '../../shared/data/client';
import { useTranslation } from '../../shared/i18n/i18n';
import { useFeedback } from '../components/feedback';
import { uploadResource } from '../data/entities';
import type { FieldControlProps } from './ui-types';

/** The cropper's modal is 600 wide, its box square and at least 10 pixels. */
const MODAL_WIDTH = 600;
const MIN_CROP = 10;

/**
 * The user's avatar: its address (typed, or set by an upload) with a preview, and "Upload a
 * photo...", a dialog that crops a chosen picture to a square and stores it through the
 * organization's storage as avatar/<organization>/<name>.png. The form's Save keeps it.
 */
export function AvatarField({ id, value, onChange, disabled, stored, label }: FieldControlProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : '';
  return (
    <Flex vertical gap={8}>
      <Input id={id} value={text} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} inputMode="url" />
      <Flex gap={12} align="center" wrap>
        {text && (
          <img
            src={text}
            alt={t('general.previewOf', { field: label })}
            style={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 4 }}
          />
        )}
        <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          {t('user.uploadPhoto')}
        </Button>
      </Flex>
      {open && (
        <CropperModal
          owner={String(stored.owner)}
          name={String(stored.name)}
          onClose={() => setOpen(false)}
          onUploaded={(url) => {
            onChange?.(url);
            setOpen(false);
          }}
        />
      )}
    </Flex>
  );
}

interface CropperModalProps {
  owner: string;
  name: string;
  onClose: () => void;
  onUploaded: (url: string) => void;
}

function CropperModal({ owner, name, onClose, onUploaded }: CropperModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useFeedback();
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const cropper = useRef<Cropper | null>(null);

  // One cropper per chosen picture.
  useEffect(() => {
    if (!source || !image.current) return;
    cropper.current = new Cropper(image.current, {
      aspectRatio: 1,
      viewMode: 1,
      autoCropArea: 1,
      minCropBoxWidth: MIN_CROP,
      minCropBoxHeight: MIN_CROP,
    });
    return () => {
      cropper.current?.destroy();
      cropper.current = null;
    };
  }, [source]);

  const upload = async () => {
    const canvas = cropper.current?.getCroppedCanvas({ maxWidth: 1024, maxHeight: 1024 });
    if (!source || !canvas) return void message.error(t('user.selectPictureFirst'));
    setBusy(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(t('user.selectPictureFirst'));
      const target = {
        owner,
        user: name,
        application: BUILT_IN_APPLICATION,
        tag: 'avatar',
        parent: 'UserEditPage',
        fullFilePath: `avatar/${owner}/${name}.png`,
      };
      const url = unwrap(await uploadResource(target, blob, `${name}.png`)).data;
      feedback.success('user.photoUploaded');
      // The file keeps its address: a new query makes pages show the new picture.
      onUploaded(`${url}?t=${Date.now()}`);
    } catch (error) {
      feedback.failure('user.photoUploadFailed', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH}
      title={t('user.uploadPhoto')}
      okText={t('user.uploadAndUse')}
      cancelText={t('general.cancel')}
      onOk={() => void upload()}
      onCancel={onClose}
      confirmLoading={busy}
    >
      <Flex vertical gap={12}>
        <label>
          <Typography.Text>{t('user.choosePicture')}</Typography.Text>{' '}
          <input
            type="file"
            accept="image/*"
            onChange={(e) => {
              // Read as a data: URL (the console's policy allows no blob: images).
              const file = e.target.files?.[0];
              if (!file) return;
              const reader = new FileReader();
              reader.onload = () => setSource(typeof reader.result === 'string' ? reader.result : null);
              reader.readAsDataURL(file);
            }}
          />
        </label>
        {source && (
          <div style={{ maxHeight: 400 }}>
            <img ref={image} src={source} alt={t('user.pictureToCrop')} style={{ display: 'block', maxWidth: '100%' }} />
          </div>
        )}
      </Flex>
    </Modal>
  );
}
