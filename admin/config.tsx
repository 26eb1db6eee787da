export { components } from 'keystone-svc-control-plane/admin'
