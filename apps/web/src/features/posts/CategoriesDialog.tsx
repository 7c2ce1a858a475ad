import { POST_MESSAGES, type PostCategory } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Modal, Space } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { createCategory, deleteCategory, listCategories, POST_CATEGORIES_KEY, POSTS_KEY, renameCategory } from './api';

function CategoryRow({ category, onChanged }: { category: PostCategory; onChanged: () => void }) {
  const ability = useAbility();
  const [name, setName] = useState(category.name);
  const run = async (work: () => Promise<unknown>) => {
    try {
      await work();
      onChanged();
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <List.Item data-testid="post-category-row">
      <Space wrap className="post-category-row">
        <Input
          aria-label={`Name of ${category.name}`}
          value={name}
          maxLength={80}
          disabled={!ability.can('POSTS_UPDATE')}
          onChange={(event) => setName(event.target.value)}
        />
        <span className="post-muted">{category.posts_count} posts</span>
        {ability.can('POSTS_UPDATE') && name.trim() && name !== category.name ? (
          <Button onClick={() => void run(() => renameCategory(category.uuid, name.trim()))}>Save</Button>
        ) : null}
        {ability.can('POSTS_DESTROY') ? (
          <ConfirmButton
            question={`Delete the category ${category.name}?`}
            testId="post-category-delete"
            danger
            onConfirm={() =>
              void run(async () => {
                await deleteCategory(category.uuid);
                reportSuccess(POST_MESSAGES.categoryDeleted);
              })
            }
          >
            Delete
          </ConfirmButton>
        ) : null}
      </Space>
    </List.Item>
  );
}

/** Manage categories without leaving the list or the editor: add, rename, delete (refused while posts use one). */
export function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const categories = useQuery({ queryKey: POST_CATEGORIES_KEY, queryFn: ({ signal }) => listCategories(signal) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: POST_CATEGORIES_KEY });
    void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
  };
  const add = async () => {
    try {
      await createCategory(name.trim());
      setName('');
      refresh();
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Modal open title="Post categories" onCancel={onClose} footer={null} data-testid="post-categories-dialog">
      {ability.can('POSTS_CREATE') ? (
        <Space.Compact className="post-category-add">
          <Input
            aria-label="New category"
            placeholder="New category"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={() => name.trim() && void add()}
            data-testid="post-category-name"
          />
          <Button type="primary" disabled={!name.trim()} onClick={() => void add()} data-testid="post-category-add">
            Add
          </Button>
        </Space.Compact>
      ) : null}
      <List
        loading={categories.isLoading}
        dataSource={categories.data ?? []}
        locale={{ emptyText: 'No categories yet' }}
        renderItem={(category) => <CategoryRow key={category.uuid} category={category} onChanged={refresh} />}
      />
    </Modal>
  );
}
