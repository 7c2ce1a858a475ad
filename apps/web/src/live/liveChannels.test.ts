import { describe, expect, it, vi } from 'vitest';

const post = vi.fn();
vi.mock('../api', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const { joinPrivateChannel } = await import('./liveChannels');

function fakeSocket(id: string | undefined) {
  return { id, connected: true, emit: vi.fn() };
}

describe('private live channels (doc 1 §7)', () => {
  it('authorises through POST broadcasting/auth and subscribes with that authorisation', async () => {
    post.mockResolvedValueOnce({ auth: 'signed' });
    const socket = fakeSocket('sock-1');
    expect(await joinPrivateChannel(socket, 'project.p-1')).toBe(true);
    expect(post).toHaveBeenCalledWith('/broadcasting/auth', { socket_id: 'sock-1', channel_name: 'project.p-1' });
    expect(socket.emit).toHaveBeenCalledWith('subscribe', { channel: 'project.p-1', auth: 'signed' });
  });

  it('does not subscribe when the server refuses the channel', async () => {
    post.mockRejectedValueOnce(new Error('403'));
    const socket = fakeSocket('sock-2');
    expect(await joinPrivateChannel(socket, 'project.p-2')).toBe(false);
    expect(socket.emit).not.toHaveBeenCalled();
  });
});
