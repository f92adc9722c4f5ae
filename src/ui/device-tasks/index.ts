/** What other device pages mount (the devices list and edit page): see src/ui/device-tasks/README.md. */
export { DeviceInitDialog, type DeviceInitDialogProps } from './DeviceInitDialog';
export { DeviceSyncBadge, type DeviceSyncBadgeProps } from './DeviceSyncBadge';
export { DeviceInitButton, type DeviceTaskButtonProps, SettingsApplyButton } from './DeviceTaskButtons';
