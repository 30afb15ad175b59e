// A full-size picture over the conversation: zoom, the previous and next pictures among the messages
// loaded, Esc or the close button to leave (the focus goes back to the picture that opened it). Keys:
// arrows for previous and next, + and − to zoom, 0 to fit. Full screen, so it is usable on a phone.
import { MSG } from '@bridge-talk/contract';
import { ActionIcon, Box, Group, Modal, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import type { Picture } from './pictures.js';

const ZOOM_STEP = 0.5;
const ZOOM_MAX = 4;

export interface PictureViewerProps {
  pictures: Picture[];
  /** The picture shown. */
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

export function PictureViewer({ pictures, index, onIndex, onClose }: PictureViewerProps) {
  // The zoom belongs to the picture it was set on: another picture opens fitted to the screen.
  const [zoomed, setZoomed] = useState({ index, zoom: 1 });
  const zoom = zoomed.index === index ? zoomed.zoom : 1;
  const setZoom = (next: (z: number) => number) => setZoomed({ index, zoom: next(zoom) });
  const picture = pictures[index];
  if (!picture) return null;
  const hasPrevious = index > 0;
  const hasNext = index < pictures.length - 1;
  const zoomIn = () => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP));
  const zoomOut = () => setZoom((z) => Math.max(1, z - ZOOM_STEP));

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, (() => void) | undefined> = {
      ArrowLeft: hasPrevious ? () => onIndex(index - 1) : undefined,
      ArrowRight: hasNext ? () => onIndex(index + 1) : undefined,
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': () => setZoom(() => 1),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={
        <Text fw={600} truncate="end" dir="auto">
          {picture.label}
        </Text>
      }
      closeButtonProps={{ 'aria-label': MSG.pictures.close }}
      // The conversation gives the focus back to the picture that opened the viewer, whichever is shown.
      returnFocus={false}
      transitionProps={{ duration: 0 }}
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        title: { minWidth: 0, flex: 1 },
        body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 },
      }}
    >
      {/* A button at its limit stays focusable (aria-disabled), so that the keys keep working after it. */}
      <Box onKeyDown={onKeyDown} style={{ display: 'contents' }}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={MSG.pictures.previous}
              data-disabled={!hasPrevious || undefined}
              aria-disabled={!hasPrevious}
              onClick={() => hasPrevious && onIndex(index - 1)}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }} data-autofocus tabIndex={-1}>
              {MSG.pictures.position(index + 1, pictures.length)}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={MSG.pictures.next}
              data-disabled={!hasNext || undefined}
              aria-disabled={!hasNext}
              onClick={() => hasNext && onIndex(index + 1)}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={MSG.pictures.zoomOut}
              data-disabled={zoom <= 1 || undefined}
              aria-disabled={zoom <= 1}
              onClick={zoomOut}
            >
              <IconZoomOut size={18} aria-hidden />
            </ActionIcon>
            <Text size="sm" w={52} ta="center" aria-live="polite">
              {MSG.pictures.zoomLevel(Math.round(zoom * 100))}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={MSG.pictures.zoomIn}
              data-disabled={zoom >= ZOOM_MAX || undefined}
              aria-disabled={zoom >= ZOOM_MAX}
              onClick={zoomIn}
            >
              <IconZoomIn size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={MSG.pictures.zoomReset}
              data-disabled={zoom === 1 || undefined}
              aria-disabled={zoom === 1}
              onClick={() => setZoom(() => 1)}
            >
              <IconZoomReset size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {MSG.pictures.hint}
        </Text>
        {/* Zoomed, the picture is wider than the box, which scrolls: a finger, the wheel or the keys (it
            takes the focus) pan it. */}
        <Box
          className="picture-stage"
          data-zoomed={zoom > 1 || undefined}
          tabIndex={0}
          aria-label={picture.label}
          role="group"
        >
          <img
            src={picture.url}
            alt={picture.label}
            style={zoom > 1 ? { width: `${zoom * 100}%` } : undefined}
          />
        </Box>
      </Box>
    </Modal>
  );
}
