/*
 * The shared components (docs/ui.md). A page on the first load (public, Lighthouse-measured) may
 * import a component's own file instead, so its chunk never carries the dialogs' code.
 */
export { Alert, type Severity } from './Alert';
export { Button, ButtonLink, buttonClass, type ButtonProps } from './Button';
export { Badge, Card } from './Card';
export { Checkbox } from './Checkbox';
export { Dialog, DialogClose } from './Dialog';
export { Form, type FormProps } from './Form';
export { FormDialog } from './FormDialog';
export { FormCheckbox, FormSubmit, FormTextField } from './FormFields';
export { FormSelect } from './FormSelect';
export { Menu, type MenuItem } from './Menu';
export { NativeSelect, filterSelects } from './NativeSelect';
export { LoadFailed } from './LoadFailed';
export { ListPagination, Pagination } from './Pagination';
export { PasswordField } from './PasswordField';
export { PasswordStrength } from './PasswordStrength';
export { SearchField } from './SearchField';
export { Select, type SelectOption } from './Select';
export { Skeleton } from './Skeleton';
export { Spinner } from './Spinner';
export { Switch } from './Switch';
export { Table, type Column } from './Table';
export { Tabs, type Tab } from './Tabs';
export { TextField, type TextAreaProps, type TextFieldProps } from './TextField';
export { Popover, Tooltip } from './Tooltip';
