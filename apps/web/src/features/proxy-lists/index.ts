export { CreateListModal } from './components/create-list-modal';
export { IspListModal } from './components/isp-list-modal';
export { ListViewModal } from './components/list-view-modal';
export { ProxyListsModal } from './components/proxy-lists-modal';
