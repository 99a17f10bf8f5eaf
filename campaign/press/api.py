"""Press in the API: the campaign's thread, a bout's thread, one's private messages, and the
GM hiding a post. The same services and selectors as the pages, so the same rules."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arena.bouts.selectors import bout_get_visible
from campaign.archive_guard import NotArchived
from campaign.selectors import campaign_get_visible
from campaign.shared.api_inputs import Text, list_schema, paginated

from .models import TEXT_LIMIT, Post
from .selectors import messages_of, post_get_visible, thread_posts
from .services import message_send, post_create, post_hide


class PostOut(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username")
    recipient = serializers.CharField(source="recipient.username", allow_null=True, default=None)
    text = serializers.SerializerMethodField(help_text="Empty when the GM hid the post.")
    hidden = serializers.BooleanField(source="is_hidden", help_text="Hidden by the GM.")
    held = serializers.BooleanField(
        source="is_held",
        help_text="Held until its turn resolves (press only after the turn); only its author "
        "sees it until then.",
    )
    announcement = serializers.BooleanField(source="is_announcement")

    class Meta:
        model = Post
        fields = [
            "id",
            "author",
            "recipient",
            "bout",
            "text",
            "hidden",
            "held",
            "announcement",
            "created_at",
        ]

    def get_text(self, post: Post) -> str:
        return "" if post.is_hidden else post.text


class PostIn(serializers.Serializer):
    text = Text(max_length=TEXT_LIMIT, label="The message", multiline=True)
    announcement = serializers.BooleanField(
        default=False, help_text="The GM's, in the campaign's thread: shown first."
    )


class MessageIn(serializers.Serializer):
    to = serializers.CharField(max_length=150, help_text="The username of a member.")
    text = Text(max_length=TEXT_LIMIT, label="The message", multiline=True)


class CampaignPressApi(APIView):
    """The campaign's public thread: announcements first, then oldest first."""

    @list_schema(PostOut, "campaigns_press_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, thread_posts(campaign=campaign, user=request.user), PostOut)

    @extend_schema(request=PostIn, responses={201: PostOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = PostIn(data=request.data)
        data.is_valid(raise_exception=True)
        post = post_create(campaign=campaign, by=request.user, **data.validated_data)
        return Response(PostOut(post).data, status=201)


class BoutPressApi(APIView):
    """A bout's public thread, oldest first."""

    @list_schema(PostOut, "campaigns_bouts_press_list")
    def get(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        posts = thread_posts(campaign=bout.campaign, user=request.user, bout=bout)
        return paginated(request, self, posts, PostOut)

    @extend_schema(request=PostIn, responses={201: PostOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        bout = bout_get_visible(slug=slug, pk=pk, user=request.user)
        data = PostIn(data=request.data)
        data.is_valid(raise_exception=True)
        post = post_create(
            campaign=bout.campaign, bout=bout, by=request.user, **data.validated_data
        )
        return Response(PostOut(post).data, status=201)


class MessagesApi(APIView):
    """Your private messages in the campaign, written and received; nobody else's."""

    permission_classes = [IsAuthenticated, NotArchived]

    @list_schema(PostOut, "campaigns_press_messages_list")
    def get(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        return paginated(request, self, messages_of(campaign=campaign, user=request.user), PostOut)

    @extend_schema(request=MessageIn, responses={201: PostOut})
    def post(self, request: Request, slug: str) -> Response:
        campaign = campaign_get_visible(slug=slug, user=request.user)
        data = MessageIn(data=request.data)
        data.is_valid(raise_exception=True)
        post = message_send(campaign=campaign, by=request.user, **data.validated_data)
        return Response(PostOut(post).data, status=201)


class PostHideApi(APIView):
    """The GM hides a public post (recorded in the audit trail)."""

    permission_classes = [IsAuthenticated, NotArchived]

    @extend_schema(request=None, responses={200: PostOut})
    def post(self, request: Request, slug: str, pk: int) -> Response:
        post = post_hide(
            post=post_get_visible(slug=slug, pk=pk, user=request.user), by=request.user
        )
        return Response(PostOut(post).data)
